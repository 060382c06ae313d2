import Foundation
import SwiftASN1
import X509

/// Reads certificates from PEM (one or many blocks, with any text around them) or DER.
///
/// Hand-rolled only where swift-certificates stops: it parses one PEM document at a time, while chain files mix
/// blocks with `openssl s_client` chatter. Each block is decoded by SwiftASN1 and X509.
public enum CertificateChainDecoder {
    private static let begin = "-----BEGIN CERTIFICATE-----"
    private static let end = "-----END CERTIFICATE-----"

    /// Decodes every certificate in `data`, in order. `source` names the input in errors.
    public static func decode(_ data: Data, source: String) throws(CertificateDecodingError) -> [Certificate] {
        if data.isEmpty {
            throw CertificateDecodingError(code: .empty, source: source, block: nil, reason: "the input is empty")
        }
        if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN ") {
            return try decodePEM(text, source: source)
        }
        guard data.first == 0x30 else {
            throw CertificateDecodingError(
                code: .malformedDER,
                source: source,
                block: nil,
                reason: "neither PEM (no -----BEGIN CERTIFICATE----- line) nor DER (does not start with a SEQUENCE)"
            )
        }
        return [try decodeDER(Array(data), source: source, block: nil)]
    }

    /// Reads and decodes a file.
    public static func decode(contentsOf url: URL) throws(CertificateDecodingError) -> [Certificate] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CertificateDecodingError(
                code: .unreadable,
                source: url.path,
                block: nil,
                reason: "cannot read the file (\(Self.describe(error)))"
            )
        }
        return try decode(data, source: url.path)
    }

    /// Decodes the DER encoding of one certificate.
    public static func decodeDER(
        _ bytes: [UInt8], source: String, block: Int?
    ) throws(CertificateDecodingError)
        -> Certificate
    {
        do {
            return try Certificate(derEncoded: bytes)
        } catch {
            throw CertificateDecodingError(
                code: .malformedDER,
                source: source,
                block: block,
                reason: "not a valid X.509 certificate (\(String(describing: error).terminalSafe))"
            )
        }
    }

    private static func decodePEM(_ text: String, source: String) throws(CertificateDecodingError) -> [Certificate] {
        var certificates: [Certificate] = []
        var remainder = text[...]
        var block = 0
        while let start = remainder.range(of: begin) {
            block += 1
            guard let stop = remainder.range(of: end, range: start.upperBound..<remainder.endIndex) else {
                throw CertificateDecodingError(
                    code: .malformedPEM,
                    source: source,
                    block: block,
                    reason: "no \(end) line after the BEGIN line"
                )
            }
            let body = remainder[start.upperBound..<stop.lowerBound]
            if body.contains("-----BEGIN ") {
                throw CertificateDecodingError(
                    code: .malformedPEM,
                    source: source,
                    block: block,
                    reason: "a BEGIN line inside the block (a missing END line?)"
                )
            }
            let base64 = body.filter { !$0.isWhitespace }
            guard let der = Data(base64Encoded: String(base64)) else {
                throw CertificateDecodingError(
                    code: .malformedPEM,
                    source: source,
                    block: block,
                    reason: "the body is not valid base64"
                )
            }
            certificates.append(try decodeDER(Array(der), source: source, block: block))
            remainder = remainder[stop.upperBound...]
        }
        if certificates.isEmpty {
            throw CertificateDecodingError(
                code: .malformedPEM,
                source: source,
                block: nil,
                reason: "no \(begin) block found (other PEM types such as keys are not certificates)"
            )
        }
        return certificates
    }

    static func describe(_ error: Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError {
            return underlying.localizedDescription
        }
        return (error as NSError).localizedDescription
    }
}
