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
        let data = try CertificateChainDecoder.read(url)
        var loaded: [Certificate] = []
        var skipped = 0
        let blocks = CertificateChainDecoder.decodePEMBlocks(Array(data), source: url.path)
        if blocks.isEmpty {
            loaded = try CertificateChainDecoder.decode(data, source: url.path)
        } else {
            for case .success(let certificate) in blocks { loaded.append(certificate) }
            skipped = blocks.count - loaded.count
            if loaded.isEmpty {
                throw CertificateDecodingError(
                    code: .malformedPEM,
                    source: url.path,
                    block: nil,
                    reason: "no usable certificate among \(skipped) block\(skipped == 1 ? "" : "s")"
                )
            }
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
