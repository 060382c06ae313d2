import Foundation
import PinForecast
import PinningCore

/// What a build ships against what the manifest says it should (`pinbench drift`, and lint's rule for the newest
/// release taken from a build): hosts and pins the manifest has that the build lacks, pins in the build the manifest
/// does not know, pins whose position or type differ, backup pins that never made it into the build, and a host's
/// `includeSubdomains` or mode that differ. Compared by meaning: a host is judged with the policy that governs it in
/// each (a parent with `includeSubdomains` counts), a pin by its value.
public struct BuildDrift: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// A host the manifest pins that no policy of the build governs.
        case hostMissing = "host-missing"
        /// An active pin of the manifest the build's policy for the host lacks.
        case pinMissing = "pin-missing"
        /// A backup pin of the manifest the build's policy for the host lacks: the rotation it was kept for would
        /// lock this build's users out.
        case backupMissing = "backup-missing"
        /// A pin in the build the manifest does not hold for that host (or anywhere, for a pin with no host).
        case unknownPin = "unknown-pin"
        /// The same value pinned as another type (a key pin in one, a certificate pin in the other).
        case typeDiffers = "type-differs"
        /// The same value pinned at another position, where the build states one (ATS's leaf and CA identities).
        case positionDiffers = "position-differs"
        /// The host's `includeSubdomains` or mode differ.
        case settingDiffers = "setting-differs"
    }

    /// One difference; `manifest` and `build` say what each side has, where it matters.
    public struct Difference: Codable, Sendable, Equatable {
        public let kind: Kind
        /// The host concerned; nil for a pin the build holds with no host.
        public let host: String?
        /// The pin concerned, as `type:value`.
        public let pin: String?
        public let manifest: String?
        public let build: String?

        public init(_ kind: Kind, host: String?, pin: String? = nil, manifest: String? = nil, build: String? = nil) {
            self.kind = kind
            self.host = host
            self.pin = pin
            self.manifest = manifest
            self.build = build
        }
    }

    public let differences: [Difference]

    public init(differences: [Difference]) {
        self.differences = differences
    }

    public var drifted: Bool { !differences.isEmpty }

    /// Compares `manifest` with the policy read out of a build, the pins the build holds with no host (each with
    /// the places it was found), and by host the pins another mechanism of the build checks too (both must pass):
    /// those are held for the host, and one the manifest does not know is unknown as any other. Pins with no host
    /// that share a place are one thing found (a bundled certificate's key and whole-certificate pins): it is known
    /// when the manifest holds any of its pins, as a client pins either.
    public static func compare(
        manifest: PinManifest, build: PinManifest, unplaced: [(pin: Pin, places: [String])] = [],
        alsoChecked: [String: [Pin]] = [:]
    ) -> BuildDrift {
        var differences: [Difference] = []
        let loose = Set(unplaced.map(\.pin.value))
        for domain in manifest.domains where !domain.pins.isEmpty {
            guard let shipped = build.policy(for: domain.host) else {
                let held = domain.pins.filter { loose.contains($0.value) }.count
                differences.append(
                    Difference(
                        .hostMissing, host: domain.host, manifest: "\(domain.pins.count) pins",
                        build: held == 0 ? nil : "\(held) of its pins held with no host"))
                continue
            }
            if shipped.includeSubdomains != domain.includeSubdomains {
                differences.append(
                    Difference(
                        .settingDiffers, host: domain.host, manifest: "includeSubdomains \(domain.includeSubdomains)",
                        build: "includeSubdomains \(shipped.includeSubdomains)"))
            }
            if shipped.mode != domain.mode {
                differences.append(
                    Difference(
                        .settingDiffers, host: domain.host, manifest: "mode \(domain.mode.rawValue)",
                        build: "mode \(shipped.mode.rawValue)"))
            }
            let held = shipped.pins + (alsoChecked[shipped.host] ?? [])
            for pin in domain.pins {
                guard let match = held.first(where: { $0.value == pin.value }) else {
                    differences.append(
                        Difference(
                            pin.role == .backup ? .backupMissing : .pinMissing, host: domain.host, pin: name(pin),
                            manifest: pin.role.rawValue, build: loose.contains(pin.value) ? "held with no host" : nil))
                    continue
                }
                if match.type != pin.type {
                    differences.append(
                        Difference(
                            .typeDiffers, host: domain.host, pin: name(pin), manifest: pin.type.rawValue,
                            build: match.type.rawValue))
                }
                if match.position != .any && match.position != pin.position {
                    differences.append(
                        Difference(
                            .positionDiffers, host: domain.host, pin: name(pin), manifest: pin.position.rawValue,
                            build: match.position.rawValue))
                }
            }
        }
        for domain in build.domains {
            let known = manifest.policy(for: domain.host)
            let held = domain.pins + (alsoChecked[domain.host] ?? [])
            for pin in held where !(known?.pins.contains(where: { $0.value == pin.value }) ?? false) {
                differences.append(
                    Difference(
                        .unknownPin, host: domain.host, pin: name(pin),
                        manifest: known == nil ? "no policy for the host" : nil))
            }
        }
        let everywhere = Set(manifest.domains.flatMap(\.pins).map(\.value))
        let knownPlaces = Set(unplaced.filter { everywhere.contains($0.pin.value) }.flatMap(\.places))
        for (pin, places) in unplaced
        where !everywhere.contains(pin.value) && !places.contains(where: knownPlaces.contains) {
            differences.append(Difference(.unknownPin, host: nil, pin: name(pin), build: "held with no host"))
        }
        return BuildDrift(differences: differences)
    }

    private static func name(_ pin: Pin) -> String { ReleaseBuild.text(pin) }
}
