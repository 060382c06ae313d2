import Foundation
import PinningCore

/// A build's pins in the manifest's shape (hosts, pins, `includeSubdomains`, expiry, mode), each pin with every
/// place the scan found it: what a release taken from the build ships, and what `drift` compares with the manifest.
///
/// One rule for every platform: a `pin` finding with a host pins that host; a pin set's expiration is the first day
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

        /// Found only by a pattern in code, which the app may never run.
        public var codePatternOnly: Bool { origins.allSatisfy { $0.certainty == .codePattern } }
    }

    /// A host the build pins: its policy, and its pins (in the policy's order) with where they were found.
    public struct Domain: Sendable, Equatable {
        public var policy: DomainPolicy
        public var found: [FoundPin]
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

    /// The policy the findings of `report` state.
    public init(_ report: ScanReport) {
        var domains: [String: Domain] = [:]
        var unplaced: [FoundPin] = []
        var notCarried: [NotCarried] = []
        var expires: [String: CalendarDay] = [:]
        var modes: [String: EnforcementMode] = [:]
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
                guard let (host, wildcard) = Self.host(text) else {
                    notCarried.append(
                        NotCarried(
                            value: text, reason: "not a host the manifest can hold", location: finding.location))
                    continue
                }
                var domain = domains[host] ?? Domain(policy: DomainPolicy(host: host), found: [])
                if wildcard || finding.includeSubdomains == true { domain.policy.includeSubdomains = true }
                Self.add(pin, origin, to: &domain.found)
                domain.policy.pins = domain.found.map(\.pin)
                domains[host] = domain
            case .pinExpiration:
                if let host = finding.host.flatMap(Self.host)?.name, let day = CalendarDay(finding.value) {
                    expires[host] = day.previous
                }
            case .pinMode:
                if let host = finding.host.flatMap(Self.host)?.name, let mode = EnforcementMode(rawValue: finding.value)
                {
                    modes[host] = mode
                }
            default:
                break
            }
        }
        for host in domains.keys {
            domains[host]!.policy.expires = expires[host]
            domains[host]!.policy.mode = modes[host] ?? .enforce
        }
        self.domains = domains.values.sorted { $0.policy.host < $1.policy.host }
        self.unplaced = unplaced
        self.notCarried = notCarried
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

    /// A host as the manifest holds it, and whether it was a wildcard (OkHttp's `*.` and `**.`), which pins the
    /// subdomains: nil when the manifest's host rule refuses it.
    private static func host(_ text: String) -> (name: String, wildcard: Bool)? {
        var name = Substring(text)
        var wildcard = false
        if name.hasPrefix("**.") {
            name = name.dropFirst(3)
            wildcard = true
        } else if name.hasPrefix("*.") {
            name = name.dropFirst(2)
            wildcard = true
        }
        guard let host = try? HostName(String(name)) else { return nil }
        return (host.text, wildcard)
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
