import Foundation
import PinningCore

/// A build's pins in the manifest's shape (hosts, pins, `includeSubdomains`, expiry, mode), each pin with every
/// place the scan found it: what a release taken from the build ships, and what `drift` compares with the manifest.
///
/// One rule for every platform: a `pin` finding with a host pins that host. Each mechanism (a network security config,
/// ATS's `NSPinnedDomains`, TrustKit, pins in code) checks the chain on its own and a connection must pass every one:
/// a host's policy is its declared configuration's set (code patterns only when nothing declares it), and another
/// mechanism's different set, mode or expiry is listed under `notCarried`, never merged in. A pin set's expiration is the first day
/// without pins (the manifest's `expires` is the day before, as the importers read it); TrustKit's mode is the
/// domain's mode (Android always enforces). Pins with no host (a bundled certificate's key and whole-certificate pins,
/// a string in a Mach-O, a DEX literal no host is loaded beside) cannot be placed and are kept apart; what the manifest cannot hold (a SHA-1 pin,
/// a value that is not base64 of 32 bytes, a host its rule refuses) is listed with why. What sits in
/// `debug-overrides` never reaches a release.
public struct BuildPolicy: Sendable, Equatable {
    /// One place a pin was found, and how sure the scan is of it.
    public struct Origin: Sendable, Equatable {
        public let location: ScanLocation
        public let certainty: ScanCertainty

        public init(location: ScanLocation, certainty: ScanCertainty) {
            self.location = location
            self.certainty = certainty
        }
    }

    /// A pin with every place it was found.
    public struct FoundPin: Sendable, Equatable {
        public var pin: Pin
        public var origins: [Origin]

        /// Each place as one word (entry and key path): pins that share one were found in one thing.
        public var places: [String] { origins.map { $0.location.entry + "\u{0}" + ($0.location.keyPath ?? "") } }
    }

    /// A host the build pins: its policy, and its pins (in the policy's order) with where they were found.
    public struct Domain: Sendable, Equatable {
        public var policy: DomainPolicy
        public var found: [FoundPin]
        /// Pins another mechanism checks for this host with a different set, mode or expiry: the app checks them
        /// too (both must pass); the policy, and so the forecast, holds the declared set only.
        public var alsoChecked: [FoundPin] = []
    }

    /// What a finding states that the manifest cannot hold, and why.
    public struct NotCarried: Sendable, Equatable {
        public let value: String
        public let reason: String
        public let location: ScanLocation
    }

    /// The pinned hosts, by host.
    public var domains: [Domain]
    /// Pins found with no host to place them on.
    public var unplaced: [FoundPin]
    public var notCarried: [NotCarried]

    /// The build's pins as a manifest: what the forecast, the watch and the client views judge.
    public var manifest: PinManifest { PinManifest(domains: domains.map(\.policy)) }

    /// By host, the pins another mechanism checks too (``Domain/alsoChecked``): what `drift` holds beside the policy.
    public var alsoChecked: [String: [Pin]] {
        Dictionary(domains.map { ($0.policy.host, $0.alsoChecked.map(\.pin)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The policy the findings of `report` state.
    public init(_ report: ScanReport) {
        var sets: [String: [PinSet]] = [:]
        var unplaced: [FoundPin] = []
        var notCarried: [NotCarried] = []
        var expires: [PinSet.Key: CalendarDay] = [:]
        var modes: [PinSet.Key: EnforcementMode] = [:]
        for finding in report.findings where !finding.debugOnly {
            let origin = Origin(location: finding.location, certainty: finding.certainty)
            switch finding.kind {
            case .pin, .bundledCertificate:
                if finding.kind == .bundledCertificate && !finding.value.hasPrefix("sha256/") { continue }
                let pin: Pin
                switch Self.pin(finding) {
                case .success(let read): pin = read
                case .failure(let refusal):
                    notCarried.append(
                        NotCarried(value: finding.value, reason: refusal.reason, location: finding.location))
                    continue
                }
                guard let text = finding.host, finding.kind == .pin else {
                    Self.add(pin, origin, to: &unplaced)
                    // A bundled certificate is pinned whole too (Alamofire's and AFNetworking's certificate pins).
                    if let whole = finding.certificatePin {
                        Self.add(Pin(type: .certSHA256, value: whole), origin, to: &unplaced)
                    }
                    continue
                }
                let host: (name: String, subdomains: Bool)
                switch Self.host(text) {
                case .success(let read): host = read
                case .failure(let refusal):
                    notCarried.append(NotCarried(value: text, reason: refusal.reason, location: finding.location))
                    continue
                }
                let mechanism = Self.mechanism(finding)
                var list = sets[host.name] ?? []
                var index = list.firstIndex { $0.mechanism == mechanism }
                if index == nil {
                    list.append(PinSet(mechanism: mechanism, declared: finding.certainty != .codePattern))
                    index = list.count - 1
                }
                if host.subdomains || finding.includeSubdomains == true { list[index!].includeSubdomains = true }
                Self.add(pin, origin, to: &list[index!].found)
                sets[host.name] = list
            case .pinExpiration:
                if let host = finding.host.flatMap({ try? Self.host($0).get() })?.name,
                    let day = CalendarDay(finding.value)
                {
                    expires[PinSet.Key(host: host, mechanism: Self.mechanism(finding))] = day.previous
                }
            case .pinMode:
                if let host = finding.host.flatMap({ try? Self.host($0).get() })?.name,
                    let mode = EnforcementMode(rawValue: finding.value)
                {
                    modes[PinSet.Key(host: host, mechanism: Self.mechanism(finding))] = mode
                }
            default:
                break
            }
        }
        var domains: [Domain] = []
        for (host, list) in sets.sorted(by: { $0.key < $1.key }) {
            let settled = list.map { set -> PinSet in
                var set = set
                let key = PinSet.Key(host: host, mechanism: set.mechanism)
                set.expires = expires[key]
                set.mode = modes[key] ?? .enforce
                return set
            }
            // Each mechanism checks the chain on its own and the connection must pass every one: the policy is the
            // declared configuration's set, never widened by another's; a different set is listed, not merged.
            guard var kept = settled.first(where: \.declared) ?? settled.first else { continue }
            var alsoChecked: [FoundPin] = []
            for other in settled where other.mechanism != kept.mechanism {
                if other.sameCheck(as: kept) {
                    for found in other.found {
                        for origin in found.origins { Self.add(found.pin, origin, to: &kept.found) }
                    }
                    continue
                }
                for found in other.found {
                    for origin in found.origins { Self.add(found.pin, origin, to: &alsoChecked) }
                    notCarried.append(
                        NotCarried(
                            value: "sha256/" + found.pin.value, reason: Self.alsoChecked,
                            location: found.origins.first?.location ?? ScanLocation(entry: "")))
                }
            }
            domains.append(
                Domain(
                    policy: DomainPolicy(
                        host: host, includeSubdomains: kept.includeSubdomains, mode: kept.mode,
                        expires: kept.expires, pins: kept.found.map(\.pin)),
                    found: kept.found, alsoChecked: alsoChecked))
        }
        self.domains = domains
        self.unplaced = unplaced
        self.notCarried = notCarried
    }

    /// Why a second mechanism's different pins for a host are listed, not carried.
    public static let alsoChecked =
        "the app also checks these pins (both must pass); the forecast judges the declared set only"

    /// One mechanism's pins for one host (a network security config, ATS's `NSPinnedDomains`, TrustKit, the code
    /// patterns): each checks the chain on its own.
    private struct PinSet {
        struct Key: Hashable {
            let host: String
            let mechanism: String
        }

        let mechanism: String
        let declared: Bool
        var includeSubdomains = false
        var found: [FoundPin] = []
        var expires: CalendarDay?
        var mode: EnforcementMode = .enforce

        /// Whether `other` accepts exactly the chains this set accepts, for the same hosts and days.
        func sameCheck(as other: PinSet) -> Bool {
            Set(found.map(\.pin)) == Set(other.found.map(\.pin)) && includeSubdomains == other.includeSubdomains
                && expires == other.expires && mode == other.mode
        }
    }

    /// The mechanism a finding belongs to: every code pattern is one (OkHttp's pinner); a declared one is its
    /// entry and its configuration's top key (`network-security-config`, `NSAppTransportSecurity`, `TSKConfiguration`).
    private static func mechanism(_ finding: ScanFinding) -> String {
        if finding.certainty == .codePattern { return "code" }
        let top = finding.location.keyPath?.split(separator: "/").first.map(String.init) ?? ""
        return finding.location.entry + "\u{0}" + top
    }

    private struct Refusal: Error {
        let reason: String
    }

    /// The manifest's pin for a finding's `sha256/BASE64` value (an SPKI pin, as Android, OkHttp, ATS and TrustKit
    /// read it), at the position the configuration states.
    private static func pin(_ finding: ScanFinding) -> Result<Pin, Refusal> {
        let parts = finding.value.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0] == "sha256" else {
            return .failure(Refusal(reason: "not a SHA-256 pin: the manifest holds SHA-256 pins only"))
        }
        let pin = Pin(type: .spkiSHA256, value: parts[1], position: finding.position ?? .any)
        guard pin.hasWellFormedValue else { return .failure(Refusal(reason: "not base64 of 32 bytes")) }
        return .success(pin)
    }

    /// A host as the manifest holds it, and whether its subdomains are pinned too. OkHttp's `**.example.com` matches
    /// `example.com` and every name under it (the manifest's `includeSubdomains`); its `*.example.com` matches exactly
    /// one label and never `example.com`, which the manifest cannot state: refused, with why.
    private static func host(_ text: String) -> Result<(name: String, subdomains: Bool), Refusal> {
        var name = Substring(text)
        var subdomains = false
        if name.hasPrefix("**.") {
            name = name.dropFirst(3)
            subdomains = true
        } else if name.hasPrefix("*.") {
            return .failure(
                Refusal(
                    reason: "OkHttp's *. matches exactly one label and never the domain itself: the manifest cannot "
                        + "state it (includeSubdomains would pin the domain and every depth)"))
        }
        guard let host = try? HostName(String(name)) else {
            return .failure(Refusal(reason: "not a host the manifest can hold"))
        }
        return .success((host.text, subdomains))
    }

    /// Adds a place `pin` was found: to the pin of the same type and value when there is one, else as a new pin.
    private static func add(_ pin: Pin, _ origin: Origin, to found: inout [FoundPin]) {
        if let index = found.firstIndex(where: { $0.pin.type == pin.type && $0.pin.value == pin.value }) {
            found[index].origins.append(origin)
        } else {
            found.append(FoundPin(pin: pin, origins: [origin]))
        }
    }
}
