import Foundation
import PinningCore

/// A release whose pins were read out of its build (`release add --from app.apk`), as the releases file records it:
/// which artifact (its SHA-256 and the version it states), the pins in the manifest's shape, and per pin every place
/// the scan found it with how sure it is. The artifact need not be kept: the pins are read from this record.
public struct ReleaseBuild: Hashable, Sendable {
    /// How sure the scan is of a place: what the platform reads, a certificate file bundled in the build, or a
    /// pattern in code, which the app may never run.
    public enum Certainty: String, Hashable, Sendable, CaseIterable {
        case declared
        case bundledFile = "bundled-file"
        case codePattern = "code-pattern"
    }

    /// The platforms a build is read for: the record's `platform` is one of them.
    public enum Platform: String, Hashable, Sendable, CaseIterable {
        case android
        case ios
    }

    /// The release-only rules a scan judges (BuildScan's `ReleaseRule`, which `release add` maps case by case): the
    /// record's `brokenRules` are among them.
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        case userTrust = "user-trust"
        case overridePins = "override-pins"
        case debuggable
        case debuggingProxyCA = "debugging-proxy-ca"
        case arbitraryLoads = "arbitrary-loads"
    }

    /// One place inside the artifact where a pin was found.
    public struct Place: Hashable, Sendable {
        public var entry: String
        public var keyPath: String?
        public var line: Int?
        public var offset: Int?
        public var certainty: Certainty

        public init(entry: String, keyPath: String? = nil, line: Int? = nil, offset: Int? = nil, certainty: Certainty) {
            self.entry = entry
            self.keyPath = keyPath
            self.line = line
            self.offset = offset
            self.certainty = certainty
        }
    }

    /// A pin (type, value, position) and where the build holds it.
    public struct FoundPin: Hashable, Sendable {
        public var pin: Pin
        public var found: [Place]

        public init(pin: Pin, found: [Place]) {
            self.pin = pin
            self.found = found
        }

        /// The pin as every listing of a build's pins shows it: its type and value (`spki-sha256:…`, `cert-sha256:…`).
        public var text: String { ReleaseBuild.text(pin) }

        /// Each place as one word (entry and key path): pins that share one were found in one thing (a bundled
        /// certificate's key and whole-certificate pins).
        public var places: [String] { found.map { $0.entry + "\u{0}" + ($0.keyPath ?? "") } }

        /// Found only by a pattern in code: the pin may be dead code, or used for another host.
        public var codePatternOnly: Bool { !found.isEmpty && found.allSatisfy { $0.certainty == .codePattern } }
    }

    /// A host the build pins, and its pins with where they were found.
    public struct Domain: Hashable, Sendable {
        public var host: String
        public var includeSubdomains: Bool
        public var mode: EnforcementMode
        public var expires: CalendarDay?
        public var pins: [FoundPin]
        /// Pins another mechanism of the build checks for this host with a different set, mode or expiry: the app
        /// checks them too (both must pass), so the forecast, which judges ``pins`` only, may call accepted a chain
        /// the app refuses. Shown, never judged.
        public var alsoChecked: [FoundPin]

        public init(
            host: String, includeSubdomains: Bool = false, mode: EnforcementMode = .enforce,
            expires: CalendarDay? = nil, pins: [FoundPin], alsoChecked: [FoundPin] = []
        ) {
            self.host = host
            self.includeSubdomains = includeSubdomains
            self.mode = mode
            self.expires = expires
            self.pins = pins
            self.alsoChecked = alsoChecked
        }

        public var policy: DomainPolicy {
            DomainPolicy(
                host: host, includeSubdomains: includeSubdomains, mode: mode, expires: expires, pins: pins.map(\.pin))
        }
    }

    /// The artifact as given, relative to the releases file's folder when inside it.
    public var artifact: String
    /// Lower-case hex.
    public var sha256: String
    /// `android` or `ios`.
    public var platform: String
    public var package: String?
    /// The version the build states (`versionName`, `CFBundleShortVersionString`).
    public var version: String?
    /// The build number it states (`versionCode`, `CFBundleVersion`).
    public var buildNumber: String?
    /// The release-only rules the build broke when it was scanned (`user-trust`, `debuggable`, …).
    public var brokenRules: [String]
    public var domains: [Domain]
    /// Pins the build holds with no host to place them on (bundled certificates, strings in code): shown and
    /// compared, never judged for a host.
    public var unplaced: [FoundPin]

    public init(
        artifact: String, sha256: String, platform: String, package: String? = nil, version: String? = nil,
        buildNumber: String? = nil, brokenRules: [String] = [], domains: [Domain], unplaced: [FoundPin] = []
    ) {
        self.artifact = artifact
        self.sha256 = sha256
        self.platform = platform
        self.package = package
        self.version = version
        self.buildNumber = buildNumber
        self.brokenRules = brokenRules
        self.domains = domains
        self.unplaced = unplaced
    }

    /// The build's pins as a manifest: the forecast, the watch and the client views judge it as any release's.
    public var manifest: PinManifest { PinManifest(domains: domains.map(\.policy)) }

    /// By host, the pins another mechanism of the build checks too (``Domain/alsoChecked``).
    public var alsoChecked: [String: [Pin]] {
        Dictionary(domains.map { ($0.host, $0.alsoChecked.map(\.pin)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The domain whose policy governs `host` (the manifest's rule: exact, else the nearest parent with
    /// `includeSubdomains`); nil when the build does not pin it.
    public func domain(governing host: String) -> Domain? {
        guard let governing = manifest.policy(for: host) else { return nil }
        return domains.first { $0.host == governing.host }
    }

    /// The pins of the policy governing `host` that were found only by a code pattern.
    public func codePatternOnly(for host: String) -> [Pin] {
        domain(governing: host)?.pins.filter(\.codePatternOnly).map(\.pin) ?? []
    }

    /// "found only by a code pattern: spki-sha256:…, …" (or "…: 2 pins" where only a count is kept): the one mark
    /// for a release's pins that only a pattern in code showed (the app may never run it), wherever a release's
    /// pins show (the forecast, the CT watch, the workbench's Pins pane); nil when there are none. Unescaped: the
    /// caller escapes for its output.
    public static func codePatternMark(_ pins: [String], unnamed: Int = 0) -> String? {
        guard !pins.isEmpty || unnamed > 0 else { return nil }
        let counted = unnamed > 0 ? ["\(unnamed) pin" + (unnamed == 1 ? "" : "s")] : []
        return "found only by a code pattern: " + (pins + counted).joined(separator: ", ")
    }

    /// A pin as the forecast, `drift` and lint name a build's pins: its own type and value, never a prefix that
    /// assumes a key pin.
    public static func text(_ pin: Pin) -> String { pin.type.rawValue + ":" + pin.value }

    /// "build app.apk 4.1 (41), SHA-256 3f2a…9c1e": where a release's pins came from, as the lists and the
    /// forecast show it (unescaped: the caller escapes for its output).
    public var shown: String {
        var text = "build " + artifact
        if let version { text += " " + version }
        if let buildNumber { text += " (\(buildNumber))" }
        return text + ", SHA-256 " + String(sha256.prefix(12)) + "…"
    }
}
