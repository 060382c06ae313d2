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

    public private(set) var certificates: [Certificate] {
        didSet { identity = AnchorSetIdentity(certificates) }
    }
    public private(set) var sources: [Source]
    /// Made anew whenever ``certificates`` change: two values with the same identity hold the same anchors, so a
    /// ``VerdictCache`` compares anchor sets in constant time.
    private(set) var identity: AnchorSetIdentity
    /// The certificates by subject, built as they are added: path building looks issuers up here, once per
    /// candidate, instead of indexing a few hundred system roots for every verification.
    private(set) var bySubject: [DistinguishedName: [Certificate]]

    public init(certificates: [Certificate] = [], sources: [Source] = []) {
        self.certificates = certificates
        self.sources = sources
        self.bySubject = BudgetedCertificateStore.index(certificates)
        self.identity = AnchorSetIdentity(certificates)
    }

    /// Adds the certificates of a PEM bundle or a DER file. A bundle may hold certificates with legacy keys that
    /// cannot be parsed; those are skipped and counted rather than failing the whole bundle.
    public mutating func add(contentsOf url: URL) throws(CertificateDecodingError) {
        let data = try CertificateChainDecoder.read(url)
        var loaded: [Certificate] = []
        var skipped = 0
        let blocks = CertificateChainDecoder.pemBlocks(Array(data), source: url.path)
        if blocks.isEmpty {
            let decoded = try CertificateChainDecoder.decode(data, source: url.path)
            loaded = decoded.compactMap(\.certificate)
            if loaded.isEmpty, let refusal = decoded.first?.refusal {
                throw CertificateDecodingError(
                    code: .malformedDER, source: url.path, block: nil, reason: "cannot be a trust anchor: \(refusal)")
            }
        } else {
            for case .success(let block) in blocks {
                if let certificate = try? Certificate(derEncoded: block.der) { loaded.append(certificate) }
            }
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
        bySubject = BudgetedCertificateStore.index(certificates)
        sources.append(Source(path: url.path, loaded: loaded.count, skipped: skipped))
    }

    /// Adds the manifest's `trustAnchors`, resolved against the manifest's folder.
    public mutating func add(manifestAnchors paths: [String], relativeTo folder: URL) throws(CertificateDecodingError) {
        for path in paths {
            try add(contentsOf: Self.resolve(path, relativeTo: folder))
        }
    }

    /// The manifest's `trustAnchors` that cannot be read, as written in the manifest: a lint error in every front
    /// end, found the same way everywhere.
    public static func unreadable(manifestAnchors paths: [String], relativeTo folder: URL) -> [String] {
        paths.filter { !FileManager.default.isReadableFile(atPath: resolve($0, relativeTo: folder).path) }
    }

    private static func resolve(_ path: String, relativeTo folder: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        return url.standardizedFileURL
    }
}

/// One set of trust anchors, by identity, with the instants at which any of them becomes or stops being valid.
final class AnchorSetIdentity: Sendable {
    /// Every anchor's notBefore and notAfter, sorted: a verdict cached for an hour must not span one of them.
    let validityBoundaries: [Date]

    init(_ certificates: [Certificate]) {
        validityBoundaries = certificates.flatMap { [$0.notValidBefore, $0.notValidAfter] }.sorted()
    }
}
