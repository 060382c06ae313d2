import Foundation
import PinningCore

/// Which CA bundle default evaluation trusts besides the manifest's own anchors: one rule for `--ca-bundle`,
/// `--no-system-trust` and `$SSL_CERT_FILE`, so every command that judges a chain trusts the same roots and names
/// the same files as its inputs.
public struct TrustChoice: Sendable {
    /// A bundle named by the user (`--ca-bundle`), or nil.
    public var caBundle: String?
    /// False with `--no-system-trust`: only the manifest's anchors (and `caBundle`) are trusted.
    public var systemTrust: Bool
    /// Where `$SSL_CERT_FILE` is read from (the process's environment, or a test's).
    public var environment: [String: String]

    public init(
        caBundle: String?, systemTrust: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.caBundle = caBundle
        self.systemTrust = systemTrust
        self.environment = environment
    }

    /// `$SSL_CERT_FILE` when it is set to something.
    private var bundleFromEnvironment: String? {
        environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The bundle used: the named one, else (with system trust) `$SSL_CERT_FILE` or the system's, if any.
    public var bundlePath: String? {
        if let caBundle { return caBundle }
        if !systemTrust { return nil }
        return bundleFromEnvironment ?? TrustAnchors.systemBundlePath
    }

    /// How the user named the bundle (`--ca-bundle`, `$SSL_CERT_FILE`), for advice about an untrusted chain; nil
    /// when nothing names it.
    public var bundleSource: String? {
        caBundle != nil ? "--ca-bundle" : bundleFromEnvironment.map { _ in "$SSL_CERT_FILE" }
    }

    /// The anchors, and whether the system's bundle was wanted and not found (the caller warns).
    public struct Resolved: Sendable {
        public let anchors: TrustAnchors
        public let systemBundleMissing: Bool
    }

    /// The bundle plus the manifest's anchors, resolved against the manifest's folder. `skippingUnreadable` leaves
    /// out manifest anchors that cannot be read (for lint, which reports them).
    public func anchors(
        for document: ManifestDocument, skippingUnreadable: Bool = false
    ) throws(CertificateDecodingError) -> Resolved {
        var anchors = TrustAnchors()
        if let path = bundlePath {
            // A bundle named with --ca-bundle is parsed whole, so a file with nothing usable is an error at once. The
            // system's (or $SSL_CERT_FILE's, which environments set to the system's) is parsed anchor by anchor as
            // paths reach them: a legacy-key anchor there is never a candidate, and a chain that needs it is untrusted.
            try anchors.add(
                contentsOf: URL(fileURLWithPath: path), parsing: caBundle == nil ? .whenLookedUp : .immediately)
        }
        let folder = document.url.deletingLastPathComponent()
        var paths = document.manifest.trustAnchors
        if skippingUnreadable {
            let unreadable = Set(TrustAnchors.unreadable(manifestAnchors: paths, relativeTo: folder))
            paths.removeAll { unreadable.contains($0) }
        }
        try anchors.add(manifestAnchors: paths, relativeTo: folder)
        return Resolved(anchors: anchors, systemBundleMissing: bundlePath == nil && systemTrust)
    }

    /// The files a command trusting this choice reads, for the rule that an output is never one of them.
    public func inputs(_ document: ManifestDocument) -> [InputFile] {
        InputFile.manifestAndAnchors(document, bundle: bundlePath)
    }
}

extension InputFile {
    /// The manifest, `bundle` (the CA bundle a command trusts, if any) and the manifest's own trust anchors.
    public static func manifestAndAnchors(_ document: ManifestDocument, bundle: String?) -> [InputFile] {
        var inputs = [InputFile(document.url.path, what: "manifest")]
        if let bundle { inputs.append(InputFile(bundle, what: "CA bundle")) }
        let folder = document.url.deletingLastPathComponent()
        for anchor in document.manifest.trustAnchors {
            inputs.append(
                InputFile(TrustAnchors.manifestAnchorURL(anchor, relativeTo: folder).path, what: "trust anchor file"))
        }
        return inputs
    }
}
