import Foundation
import X509

/// The certificates a chain must lead to: the system bundle plus the manifest's own anchors.
public struct TrustAnchors: Sendable {
    public struct Source: Hashable, Sendable {
        public let path: String
        public let loaded: Int
        /// Certificates in the file that swift-certificates could not parse (e.g. legacy key types); skipped.
        public let skipped: Int
    }

    public private(set) var certificates: [Certificate]
    public private(set) var sources: [Source]

    public init(certificates: [Certificate] = [], sources: [Source] = []) {
        self.certificates = certificates
        self.sources = sources
    }

    /// Adds the certificates of a PEM bundle or a DER file. A bundle may hold certificates with legacy keys that
    /// cannot be parsed; those are skipped and counted rather than failing the whole bundle.
    public mutating func add(contentsOf url: URL) throws(CertificateDecodingError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CertificateDecodingError(
                code: .unreadable,
                source: url.path,
                block: nil,
                reason: "cannot read the trust anchors (\(CertificateChainDecoder.describe(error)))"
            )
        }
        var loaded: [Certificate] = []
        var skipped = 0
        if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN CERTIFICATE-----") {
            for block in text.components(separatedBy: "-----END CERTIFICATE-----") {
                guard let start = block.range(of: "-----BEGIN CERTIFICATE-----") else { continue }
                let piece = String(block[start.lowerBound...]) + "-----END CERTIFICATE-----\n"
                if let certificate = try? CertificateChainDecoder.decode(Data(piece.utf8), source: url.path).first {
                    loaded.append(certificate)
                } else {
                    skipped += 1
                }
            }
            if loaded.isEmpty {
                throw CertificateDecodingError(
                    code: .malformedPEM,
                    source: url.path,
                    block: nil,
                    reason: "no usable certificate among \(skipped) block\(skipped == 1 ? "" : "s")"
                )
            }
        } else {
            loaded = try CertificateChainDecoder.decode(data, source: url.path)
        }
        certificates += loaded
        sources.append(Source(path: url.path, loaded: loaded.count, skipped: skipped))
    }

    /// Adds the manifest's `trustAnchors`, resolved against the manifest's folder.
    public mutating func add(manifestAnchors paths: [String], relativeTo folder: URL) throws(CertificateDecodingError) {
        for path in paths {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            try add(contentsOf: url.standardizedFileURL)
        }
    }
}
