import Foundation
import PinningCore

/// One change an import makes (or would make, in a dry run) to the manifest.
public struct ImportChange: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Action: String, Hashable, Sendable, Codable {
        case addedDomain
        case addedPin
        case changedSetting
        /// A pin the manifest already holds: kept as it is (its role, label and notes stay).
        case alreadyPinned
    }

    public let action: Action
    public let host: String
    /// The pin value, for pin actions.
    public let pin: String?
    /// The setting and its old and new value (`includeSubdomains: false → true`), or the pin's position.
    public let detail: String

    public var description: String {
        switch action {
        case .addedDomain: return "\(host): new domain (\(detail))"
        case .addedPin: return "\(host): add pin \(pin ?? "") (\(detail))"
        case .changedSetting: return "\(host): \(detail)"
        case .alreadyPinned: return "\(host): already pins \(pin ?? ""); unchanged"
        }
    }
}

/// Merges an imported configuration into a manifest: adds domains and pins, sets the settings the file states,
/// never removes a pin. Pure: `ImportRun` (ManifestFiles) runs it inside `ManifestStore.update`,
/// behind the lint gate.
public enum ImportMerge {
    /// Applies `imported` to `manifest` and lists what changed. New pins are active (a configuration does not say
    /// which pin is the backup) and get `added` and `note` when given.
    public static func apply(
        _ imported: ImportedConfiguration, to manifest: inout PinManifest, added: Date? = nil, note: String? = nil
    ) -> [ImportChange] {
        var changes: [ImportChange] = []
        for domain in imported.domains {
            let source = domain.policy
            let stamped = source.pins.map { pin in
                var pin = pin
                pin.added = added
                pin.note = note
                return pin
            }
            guard let index = manifest.indexOfDomain(source.host) else {
                var policy = source
                policy.pins = stamped
                manifest.domains.append(policy)
                changes.append(
                    ImportChange(action: .addedDomain, host: source.host, pin: nil, detail: summary(policy)))
                changes += stamped.map { addedPin($0, host: source.host) }
                continue
            }
            var existing = manifest.domains[index]
            changes += settingChanges(from: domain, to: &existing)
            for pin in stamped {
                if existing.pins.contains(where: { $0.value == pin.value }) {
                    changes.append(ImportChange(action: .alreadyPinned, host: source.host, pin: pin.value, detail: ""))
                } else {
                    existing.pins.append(pin)
                    changes.append(addedPin(pin, host: source.host))
                }
            }
            manifest.domains[index] = existing
        }
        return changes
    }

    private static func settingChanges(from domain: ImportedDomain, to existing: inout DomainPolicy) -> [ImportChange] {
        let source = domain.policy
        var changes: [String] = []
        if domain.stated.contains(.includeSubdomains), existing.includeSubdomains != source.includeSubdomains {
            changes.append("includeSubdomains: \(existing.includeSubdomains) → \(source.includeSubdomains)")
            existing.includeSubdomains = source.includeSubdomains
        }
        if domain.stated.contains(.mode), existing.mode != source.mode {
            changes.append("mode: \(existing.mode.rawValue) → \(source.mode.rawValue)")
            existing.mode = source.mode
        }
        if domain.stated.contains(.expires), existing.expires != source.expires {
            let old = existing.expires?.description ?? "none"
            changes.append("expires: \(old) → \(source.expires?.description ?? "none")")
            existing.expires = source.expires
        }
        if domain.stated.contains(.reportUris), existing.reportUris != source.reportUris {
            let old = existing.reportUris.isEmpty ? "none" : existing.reportUris.joined(separator: " ")
            let new = source.reportUris.isEmpty ? "none" : source.reportUris.joined(separator: " ")
            changes.append("reportUris: \(old) → \(new)")
            existing.reportUris = source.reportUris
        }
        return changes.map { ImportChange(action: .changedSetting, host: source.host, pin: nil, detail: $0) }
    }

    private static func addedPin(_ pin: Pin, host: String) -> ImportChange {
        ImportChange(action: .addedPin, host: host, pin: pin.value, detail: "spki-sha256, position \(pin.position)")
    }

    private static func summary(_ policy: DomainPolicy) -> String {
        var parts = ["mode \(policy.mode.rawValue)", "includeSubdomains \(policy.includeSubdomains)"]
        if let expires = policy.expires { parts.append("expires \(expires)") }
        parts.append(counted(policy.pins.count, "pin"))
        return parts.joined(separator: ", ")
    }
}
