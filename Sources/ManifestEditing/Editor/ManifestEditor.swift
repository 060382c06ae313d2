import Foundation
import PinningCore

/// Pure edits of a manifest, shared by the CLI and the workbench so both say the same thing about the same edit.
public enum ManifestEditor {
    /// Adds `pin` to `host`'s domain, creating the domain (``DomainPolicy/newDomain(host:port:mode:)``, in
    /// `newDomainMode`) when it does not exist.
    /// Pinning a value that is already pinned says so and changes nothing; it never toggles.
    public static func addPin(
        _ pin: Pin,
        host: String,
        to manifest: inout PinManifest,
        newDomainMode: EnforcementMode = DomainPolicy.newDomainMode
    ) -> Outcome {
        var created = false
        let index: Int
        if let existing = manifest.indexOfDomain(host) {
            index = existing
        } else {
            manifest.domains.append(DomainPolicy.newDomain(host: host, mode: newDomainMode))
            index = manifest.domains.count - 1
            created = true
        }
        if let duplicate = manifest.domains[index].pins.first(where: { $0.value == pin.value }) {
            return .alreadyPinned(duplicate, host: host)
        }
        manifest.domains[index].pins.append(pin)
        return .pinned(pin, host: host, newDomainMode: created ? newDomainMode : nil)
    }

    /// Removes the pin with `value` from `host`'s domain.
    public static func removePin(value: String, host: String, from manifest: inout PinManifest) -> Outcome {
        guard let index = manifest.indexOfDomain(host) else {
            return .unknownDomain(host)
        }
        guard let pinIndex = manifest.domains[index].pins.firstIndex(where: { $0.value == value }) else {
            return .unknownPin(value, host: host)
        }
        manifest.domains[index].pins.remove(at: pinIndex)
        return .unpinned(value, host: host)
    }

    /// Flips a pin between active and backup.
    public static func toggleBackup(value: String, host: String, in manifest: inout PinManifest) -> Outcome {
        guard let index = manifest.indexOfDomain(host),
            let pinIndex = manifest.domains[index].pins.firstIndex(where: { $0.value == value })
        else {
            return .unknownPin(value, host: host)
        }
        let pin = manifest.domains[index].pins[pinIndex]
        let role: PinRole = pin.role == .backup ? .active : .backup
        manifest.domains[index].pins[pinIndex].role = role
        return .roleChanged(value, host: host, to: role)
    }

    /// Adds an empty domain.
    public static func addDomain(_ domain: DomainPolicy, to manifest: inout PinManifest) -> Outcome {
        if manifest.indexOfDomain(domain.host) != nil {
            return .domainExists(domain.host)
        }
        manifest.domains.append(domain)
        return .domainAdded(domain.host, mode: domain.mode)
    }

    /// Removes a domain and its pins.
    public static func removeDomain(host: String, from manifest: inout PinManifest) -> Outcome {
        guard let index = manifest.indexOfDomain(host) else {
            return .unknownDomain(host)
        }
        let count = manifest.domains[index].pins.count
        manifest.domains.remove(at: index)
        return .domainRemoved(host, pinCount: count)
    }
}
