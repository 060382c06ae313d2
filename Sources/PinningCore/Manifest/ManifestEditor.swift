import Foundation

/// Pure edits of a manifest, shared by the CLI and the workbench so both say the same thing about the same edit.
public enum ManifestEditor {
    /// What an edit did, in words for the user.
    public enum Outcome: Hashable, Sendable {
        case changed(String)
        /// Nothing was changed, and why (e.g. the pin already exists).
        case unchanged(String)

        public var message: String {
            switch self {
            case .changed(let text), .unchanged(let text): return text
            }
        }

        public var didChange: Bool {
            if case .changed = self { return true }
            return false
        }
    }

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
            return .unchanged(
                "\(host) already pins \(duplicate.value) (\(duplicate.type.rawValue), \(duplicate.role.rawValue)); "
                    + "nothing changed"
            )
        }
        manifest.domains[index].pins.append(pin)
        let domainNote = created ? " (new domain, mode \(newDomainMode.rawValue))" : ""
        return .changed(
            "pinned \(pin.type.rawValue) \(pin.value) as \(pin.role.rawValue) for \(host)\(domainNote)"
        )
    }

    /// Removes the pin with `value` from `host`'s domain.
    public static func removePin(value: String, host: String, from manifest: inout PinManifest) -> Outcome {
        guard let index = manifest.indexOfDomain(host) else {
            return .unchanged("\(host) is not in the manifest; nothing changed")
        }
        guard let pinIndex = manifest.domains[index].pins.firstIndex(where: { $0.value == value }) else {
            return .unchanged("\(host) has no pin \(value); nothing changed")
        }
        manifest.domains[index].pins.remove(at: pinIndex)
        return .changed("unpinned \(value) from \(host)")
    }

    /// Flips a pin between active and backup.
    public static func toggleBackup(value: String, host: String, in manifest: inout PinManifest) -> Outcome {
        guard let index = manifest.indexOfDomain(host),
            let pinIndex = manifest.domains[index].pins.firstIndex(where: { $0.value == value })
        else {
            return .unchanged("\(host) has no pin \(value); nothing changed")
        }
        let pin = manifest.domains[index].pins[pinIndex]
        let role: PinRole = pin.role == .backup ? .active : .backup
        manifest.domains[index].pins[pinIndex].role = role
        return .changed("pin \(value) of \(host) is now \(role.rawValue)")
    }

    /// Adds an empty domain.
    public static func addDomain(_ domain: DomainPolicy, to manifest: inout PinManifest) -> Outcome {
        if manifest.indexOfDomain(domain.host) != nil {
            return .unchanged("\(domain.host) is already in the manifest; nothing changed")
        }
        manifest.domains.append(domain)
        return .changed("added \(domain.host) (mode \(domain.mode.rawValue))")
    }

    /// Removes a domain and its pins.
    public static func removeDomain(host: String, from manifest: inout PinManifest) -> Outcome {
        guard let index = manifest.indexOfDomain(host) else {
            return .unchanged("\(host) is not in the manifest; nothing changed")
        }
        let count = manifest.domains[index].pins.count
        manifest.domains.remove(at: index)
        return .changed("removed \(host) and its \(count) pin\(count == 1 ? "" : "s")")
    }
}
