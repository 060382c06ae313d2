import Foundation
import X509

/// The certificates a chain must lead to: the system bundle plus the manifest's own anchors.
public struct TrustAnchors: Sendable {
    public struct Source: Hashable, Sendable {
        public let path: String
        public let loaded: Int
        /// Blocks of the file left out: ones that are not certificates and, when parsed ``Parsing/immediately``,
        /// certificates swift-certificates refuses (legacy key types).
        public let skipped: Int
    }

    public private(set) var sources: [Source]
    /// The anchors, indexed; replaced (never mutated) when anchors are added.
    private(set) var anchorSet: AnchorSet

    /// When the certificates of a file are parsed.
    public enum Parsing: Sendable {
        /// All of them as the file is read: a certificate swift-certificates refuses is counted in
        /// ``Source/skipped``, and a file with none it can use is an error. For the files a user names.
        case immediately
        /// Each one the first time a path looks up its subject; only the subject and validity are read up front.
        /// ``Source/skipped`` then counts blocks that are not certificates at all; one with a key swift-certificates
        /// refuses is simply never a candidate. For the system bundle: most commands reach one or two of its
        /// anchors, and parsing all of them cost every command about 4 ms.
        case whenLookedUp
    }

    public init(certificates: [Certificate] = [], sources: [Source] = []) {
        self.sources = sources
        anchorSet = AnchorSet(certificates.map { TrustAnchor($0) })
    }

    /// Every usable anchor, in the order added. Parses the anchors not parsed yet: prefer
    /// ``certificates(withSubject:)``.
    public var certificates: [Certificate] { anchorSet.allCertificates }

    /// The usable anchors with this subject: the issuers a certificate naming `subject` as its issuer could chain to.
    public func certificates(withSubject subject: DistinguishedName) -> [Certificate] {
        anchorSet.certificates(withSubject: subject)
    }

    /// Whether `certificate` itself is one of the anchors (by its encoding).
    public func contains(_ certificate: Certificate) -> Bool {
        anchorSet.contains(certificate)
    }

    /// Adds the certificates of a PEM bundle or a DER file. A bundle may hold certificates with legacy keys that
    /// cannot be parsed: parsed ``Parsing/immediately``, those are skipped and counted rather than failing the whole
    /// bundle; ``Parsing/whenLookedUp``, they are found when looked up and never become candidates. A DER file
    /// (one certificate, or a few concatenated) is always parsed at once.
    public mutating func add(contentsOf url: URL, parsing: Parsing = .immediately) throws(CertificateDecodingError) {
        let data = try CertificateChainDecoder.read(url)
        var loaded: [TrustAnchor] = []
        var skipped = 0
        let blocks = CertificateChainDecoder.pemBlocks(Array(data), source: url.path)
        if blocks.isEmpty {
            let decoded = try CertificateChainDecoder.decode(data, source: url.path)
            loaded = decoded.compactMap { entry in entry.certificate.map { TrustAnchor($0, der: entry.der) } }
            if loaded.isEmpty, let refusal = decoded.first?.refusal {
                throw CertificateDecodingError(
                    code: .malformedDER, source: url.path, block: nil, reason: "cannot be a trust anchor: \(refusal)")
            }
        } else {
            for case .success(let block) in blocks {
                switch parsing {
                case .immediately:
                    if let certificate = try? Certificate(derEncoded: block.der) {
                        loaded.append(TrustAnchor(certificate, der: block.der))
                    }
                case .whenLookedUp:
                    if let anchor = try? TrustAnchor(deferringParseOf: block.der) { loaded.append(anchor) }
                }
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
        anchorSet = AnchorSet(loaded, after: anchorSet)
        sources.append(Source(path: url.path, loaded: loaded.count, skipped: skipped))
    }

    /// Adds the manifest's `trustAnchors`, resolved against the manifest's folder.
    public mutating func add(manifestAnchors paths: [String], relativeTo folder: URL) throws(CertificateDecodingError) {
        for path in paths {
            try add(contentsOf: Self.manifestAnchorURL(path, relativeTo: folder))
        }
    }

    /// Where Linux distributions keep the system's CA bundle (Debian and Ubuntu, Fedora and RHEL, Alpine and others).
    public static let systemBundleCandidates = [
        "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem",
    ]

    /// The first of ``systemBundleCandidates`` on this machine: the bundle to read ``Parsing/whenLookedUp``.
    public static var systemBundlePath: String? {
        systemBundleCandidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The manifest's `trustAnchors` that cannot be read, as written in the manifest: a lint error in every front
    /// end, found the same way everywhere.
    public static func unreadable(manifestAnchors paths: [String], relativeTo folder: URL) -> [String] {
        paths.filter { !FileManager.default.isReadableFile(atPath: manifestAnchorURL($0, relativeTo: folder).path) }
    }

    /// The file a manifest's `trustAnchors` entry names: a relative path is read from the manifest's folder.
    public static func manifestAnchorURL(_ path: String, relativeTo folder: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        return url.standardizedFileURL
    }
}
