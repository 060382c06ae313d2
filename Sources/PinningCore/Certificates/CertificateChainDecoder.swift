import Foundation
import SwiftASN1
import X509

/// Reads certificates from PEM (one or many blocks, with any text around them) or DER.
///
/// Hand-rolled only where swift-certificates stops: it parses one PEM document at a time, while chain files mix
/// blocks with `openssl s_client` chatter. Each block is decoded by SwiftASN1 and X509; a certificate X509 refuses
/// (an RSA key under 2048 bits, an unusual curve) is still decoded, as a ``ChainCertificate`` with its refusal.
public enum CertificateChainDecoder {
    private static let begin = "-----BEGIN CERTIFICATE-----"
    private static let end = "-----END CERTIFICATE-----"

    /// Decodes every certificate in `data`, in order. `source` names the input in errors.
    public static func decode(_ data: Data, source: String) throws(CertificateDecodingError) -> [ChainCertificate] {
        if data.isEmpty {
            throw CertificateDecodingError(code: .empty, source: source, block: nil, reason: "the input is empty")
        }
        let bytes = Array(data)
        if bytes[...].range(of: anyBegin) != nil {
            let blocks = pemBlocks(bytes, source: source)
            if blocks.isEmpty {
                throw CertificateDecodingError(
                    code: .malformedPEM,
                    source: source,
                    block: nil,
                    reason: "no \(begin) block found (other PEM types such as keys are not certificates)"
                )
            }
            return try blocks.map { result throws(CertificateDecodingError) in
                let (der, block) = try result.get()
                return try decodeDER(der, source: source, block: block)
            }
        }
        guard bytes.first == 0x30 else {
            throw CertificateDecodingError(
                code: .malformedDER,
                source: source,
                block: nil,
                reason: "neither PEM (no -----BEGIN CERTIFICATE----- line) nor DER (does not start with a SEQUENCE)"
            )
        }
        return [try decodeDER(bytes, source: source, block: nil)]
    }

    /// Reads and decodes a file.
    public static func decode(contentsOf url: URL) throws(CertificateDecodingError) -> [ChainCertificate] {
        try decode(try read(url), source: url.path)
    }

    /// The file's bytes, or an `unreadable` error naming it.
    static func read(_ url: URL) throws(CertificateDecodingError) -> Data {
        do {
            return try BoundedFileReader.read(url, limit: maximumFileSize, what: "certificate chain")
        } catch {
            throw CertificateDecodingError(code: .unreadable, source: url.path, block: nil, reason: error.reason)
        }
    }

    /// A chain is a few kilobytes and the largest system CA bundles about 300 KiB; a file past this is not one.
    public static let maximumFileSize = 16 << 20

    /// Decodes the DER encoding of one certificate; fails only when the bytes are not an X.509 certificate.
    public static func decodeDER(
        _ bytes: [UInt8], source: String, block: Int?
    ) throws(CertificateDecodingError)
        -> ChainCertificate
    {
        do {
            return try ChainCertificate(derEncoded: bytes)
        } catch {
            throw CertificateDecodingError(
                code: .malformedDER,
                source: source,
                block: block,
                reason: "not a valid X.509 certificate (\(String(describing: error).terminalSafe))"
            )
        }
    }

    /// Every `CERTIFICATE` block of a PEM text as DER, each on its own so that one bad block does not hide the others
    /// (a CA bundle may hold certificates swift-certificates cannot parse). Text around the blocks is ignored.
    ///
    /// Works on bytes: a system bundle is a few hundred kilobytes, and character-level string searching made
    /// reading it the larger part of starting the workbench.
    static func pemBlocks(
        _ bytes: [UInt8], source: String
    ) -> [Result<(der: [UInt8], block: Int), CertificateDecodingError>] {
        var results: [Result<(der: [UInt8], block: Int), CertificateDecodingError>] = []
        var remainder = bytes[...]
        while let start = remainder.range(of: beginCertificate) {
            let block = results.count + 1
            let afterBegin = remainder[start.upperBound...]
            guard let stop = afterBegin.range(of: endCertificate) else {
                results.append(.failure(malformedPEM(source, block, "no \(end) line after the BEGIN line")))
                break
            }
            let body = afterBegin[..<stop.lowerBound]
            if let nested = body.range(of: anyBegin) {
                results.append(
                    .failure(malformedPEM(source, block, "a BEGIN line inside the block (a missing END line?)")))
                remainder = afterBegin[nested.lowerBound...]
                continue
            }
            remainder = afterBegin[stop.upperBound...]
            let base64 = withoutPEMWhitespace(body)
            guard let der = Data(base64Encoded: Data(base64)) else {
                results.append(.failure(malformedPEM(source, block, "the body is not valid base64")))
                continue
            }
            results.append(.success((Array(der), block)))
        }
        return results
    }

    private static let beginCertificate = Array(begin.utf8)
    private static let endCertificate = Array(end.utf8)
    private static let anyBegin = Array("-----BEGIN ".utf8)

    private static func isPEMWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The base64 text of a block without its line breaks and spaces, copied in one pass (a system bundle has a few
    /// hundred kilobytes of it; appending byte by byte was a fifth of reading one).
    private static func withoutPEMWhitespace(_ body: ArraySlice<UInt8>) -> [UInt8] {
        body.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: source.count) { target, count in
                count = 0
                for byte in source where !isPEMWhitespace(byte) {
                    target[count] = byte
                    count += 1
                }
            }
        }
    }

    private static func malformedPEM(_ source: String, _ block: Int, _ reason: String) -> CertificateDecodingError {
        CertificateDecodingError(code: .malformedPEM, source: source, block: block, reason: reason)
    }
}

extension ArraySlice<UInt8> {
    /// The first occurrence of `marker`. Foundation's generic `firstRange(of:)` for byte collections made reading
    /// a CA bundle several times slower; the markers here start with `-`, which is rare in PEM text.
    fileprivate func range(of marker: [UInt8]) -> Range<Index>? {
        guard !marker.isEmpty, marker.count <= count else { return nil }
        let found: Int? = withUnsafeBufferPointer { bytes in
            marker.withUnsafeBufferPointer { marker in
                var offset = 0
                while offset + marker.count <= bytes.count {
                    guard
                        let hit = memchr(bytes.baseAddress! + offset, Int32(marker[0]), bytes.count - offset)
                    else { return nil }
                    let at = bytes.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if at + marker.count > bytes.count { return nil }
                    if memcmp(bytes.baseAddress! + at, marker.baseAddress!, marker.count) == 0 { return at }
                    offset = at + 1
                }
                return nil
            }
        }
        return found.map { (startIndex + $0)..<(startIndex + $0 + marker.count) }
    }
}
