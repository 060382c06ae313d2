import CACatalog
import ClientModels
import Foundation
import PinningCore

/// What the linter needs to know from the disk, gathered once so that linting itself is a pure function of its
/// inputs: the `trustAnchors` entries of a manifest that cannot be read, and the Public Suffix List (or why it could
/// not be read). A front end gathers it when it loads a manifest (``gather(for:publicSuffixes:clients:)``, the only place
/// that touches the disk) and passes it to ``ManifestLinter``; the CLI and the workbench gather it the same way, so
/// their lints agree.
public struct LintEnvironment: Sendable {
    /// The manifest's `trustAnchors` entries, as written there, whose files cannot be read.
    public var unreadableTrustAnchors: [String]
    /// The Public Suffix List the includeSubdomains guard reads, or why it could not be read (then the guard says
    /// it could not run).
    public var publicSuffixes: Result<PublicSuffixList, FileReadError>
    /// The clients the manifest is exported to (`--clients`): the client rules judge each pin as each of them would
    /// carry and match it. Empty, they do not run: which apps ship a manifest is not written in it.
    public var clients: [PinClient]
    /// How a command the advice prints names this manifest, from the folder the front end runs in: nil when it is
    /// `pins.json` there (the default, no `--manifest` needed), else the path, shell-quoted when it must be. A printed
    /// command must run as printed.
    public var manifestArgument: String?
    /// The CAs the catalog rules know: the built-in catalog, or one given whole (a team's added to it).
    public var catalog: LintCatalog
    /// The newest release taken from a build, from the releases file beside the manifest (nil: none), or why that
    /// file could not be read: the drift rule compares it with the manifest.
    public var shippedBuild: Result<ShippedBuild?, ManifestError>
    /// How long a release stays in the field, in days: a leaf-key pin on a domain whose key changes at each renewal
    /// is an error when a certificate lives shorter (``ManifestLinter/leafKeyRenewalFindings(_:now:)``). A year: the
    /// share of installs a year-old release keeps is rarely negligible. The manifest's `releaseFieldDays`, when
    /// stated, replaces it (``ManifestLinter/lint(_:now:servedChains:missingTrustAnchors:)``).
    public var releaseFieldDays = LintEnvironment.defaultReleaseFieldDays
    public static let defaultReleaseFieldDays = 365

    public init(
        unreadableTrustAnchors: [String] = [], publicSuffixes: Result<PublicSuffixList, FileReadError>,
        clients: [PinClient] = [], manifestArgument: String? = nil,
        catalog: LintCatalog = .builtIn, shippedBuild: Result<ShippedBuild?, ManifestError> = .success(nil)
    ) {
        self.unreadableTrustAnchors = unreadableTrustAnchors
        self.publicSuffixes = publicSuffixes
        self.clients = clients
        self.manifestArgument = manifestArgument
        self.catalog = catalog
        self.shippedBuild = shippedBuild
    }

    /// Looks at the disk for `document`: which of its trust anchors (relative paths resolved against its folder)
    /// cannot be read. `publicSuffixes` defaults to the list compiled into the core.
    public static func gather(
        for document: ManifestDocument,
        publicSuffixes: Result<PublicSuffixList, FileReadError> = .success(.compiledIn),
        clients: [PinClient] = []
    ) -> LintEnvironment {
        LintEnvironment(
            unreadableTrustAnchors: TrustAnchors.unreadable(
                manifestAnchors: document.manifest.trustAnchors,
                relativeTo: document.url.deletingLastPathComponent()),
            publicSuffixes: publicSuffixes, clients: clients,
            manifestArgument: manifestArgument(
                for: document.url, from: FileManager.default.currentDirectoryPath),
            catalog: catalog(for: document),
            shippedBuild: ShippedBuild.gather(
                besideManifest: document.url, from: FileManager.default.currentDirectoryPath))
    }

    /// The built-in catalog, with the manifest's `caCatalog` folder (relative to the manifest's folder) added
    /// when it names one: that folder is read and checked now, and a folder that cannot be is the finding.
    static func catalog(for document: ManifestDocument) -> LintCatalog {
        guard let folder = document.manifest.caCatalog else { return .builtIn }
        return .given(
            CACatalog.forManifest(caCatalog: folder, manifestFolder: document.url.deletingLastPathComponent()))
    }

    /// The `--manifest` value that names `manifest` from `folder` (relative below it, else absolute), or nil when
    /// it is the default `pins.json` of `folder`.
    static func manifestArgument(for manifest: URL, from folder: String) -> String? {
        let relative = path(of: manifest, from: folder)
        if relative == "pins.json" { return nil }
        // A path holding a control character cannot be printed as a shell word: a placeholder stands for it.
        return ShellEncoding.word(relative) ?? "<the manifest's path>"
    }

    /// `file`'s path from `folder`: relative below it, else absolute.
    static func path(of file: URL, from folder: String) -> String {
        let path = file.standardizedFileURL.path
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The entries of `manifest`'s `trustAnchors` this environment found unreadable, in the manifest's order.
    func unreadable(in manifest: PinManifest) -> [String] {
        let unreadable = Set(unreadableTrustAnchors)
        return manifest.trustAnchors.filter(unreadable.contains)
    }
}
