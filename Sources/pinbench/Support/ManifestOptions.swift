import ArgumentParser
import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore

/// `--manifest`: where the pin manifest lives.
struct ManifestOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "The pin manifest (JSON). Default: pins.json in the current folder.")
    var manifest: String?

    var url: URL { URL(fileURLWithPath: manifest ?? "pins.json") }
    var wasGiven: Bool { manifest != nil }

    /// Loads the manifest; a missing default manifest is an empty one, a missing named manifest is an error.
    ///
    /// A missing default manifest is said on stderr: a verdict of "not pinned" must not look like the manifest's
    /// answer when no manifest was read at all.
    func loadForReading() throws -> ManifestDocument {
        if !wasGiven && !FileManager.default.fileExists(atPath: url.path) {
            Output.note(
                "note: no manifest found (\(url.path) does not exist), so no pins apply: the verdict is default "
                    + "trust alone. Give one with --manifest FILE.")
            return ManifestDocument(manifest: PinManifest(), url: url, loadedFingerprint: nil)
        }
        return try ManifestStore.load(url)
    }
}

/// `--ca-bundle` and `--no-system-trust`: which trust anchors default evaluation uses besides the manifest's.
struct TrustOptions: ParsableArguments {
    @Option(
        name: .customLong("ca-bundle"),
        help: ArgumentHelp(
            "A PEM bundle of trusted roots instead of the system's.",
            discussion: "Default: $SSL_CERT_FILE when set, else the system bundle (/etc/ssl/certs/ca-certificates.crt)."
        )
    )
    var caBundle: String?

    @Flag(name: .customLong("no-system-trust"), help: "Trust only the manifest's trustAnchors (and --ca-bundle).")
    var noSystemTrust = false

    /// The rule these flags choose (``TrustChoice``).
    var choice: TrustChoice { TrustChoice(caBundle: caBundle, systemTrust: !noSystemTrust) }

    /// The system bundle path the CLI would use, if any.
    var systemBundlePath: String? { choice.bundlePath }

    /// The bundle plus the manifest's anchors (``TrustChoice/anchors(for:skippingUnreadable:)``), warning when the
    /// system's bundle was wanted and is not there.
    func anchors(for document: ManifestDocument, skippingUnreadable: Bool = false) throws -> TrustAnchors {
        let resolved = try choice.anchors(for: document, skippingUnreadable: skippingUnreadable)
        if resolved.systemBundleMissing {
            Output.note("warning: no system CA bundle found; only the manifest's trustAnchors are trusted")
        }
        return resolved.anchors
    }
}

/// `--at`: the time at which validity is judged.
struct TimeOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: "Judge validity at this time (ISO 8601, e.g. 2027-01-10T00:00:00Z; years 1600 to 9999) instead of now.")
    var at: String?

    func date() throws -> Date {
        guard let at else { return Date() }
        guard let date = Timestamp.parse(at) else {
            throw CLIFailure(
                "--at \(at) is not an ISO 8601 time from the year 1600 to 9999, such as 2027-01-10T00:00:00Z")
        }
        return date
    }
}
