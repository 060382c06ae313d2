import PinningCore

extension ManifestEditor {
    /// What an edit did, as facts: callers decide on the case (``didChange``), and the words are made only where
    /// they are shown (``description``), the same for the CLI and the workbench.
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// `pin` was added; `newDomainMode` is set when the domain was created for it.
        case pinned(Pin, host: String, newDomainMode: EnforcementMode?)
        case unpinned(String, host: String)
        case roleChanged(String, host: String, to: PinRole)
        case domainAdded(String, mode: EnforcementMode)
        case domainRemoved(String, pinCount: Int)
        case settingsChanged(String, from: DomainSettings, to: DomainSettings)
        case noted(String, host: String)
        case noteRemoved(String, host: String)
        /// Nothing changed: the domain already pins this value (the pin as it is in the manifest).
        case alreadyPinned(Pin, host: String)
        /// Nothing changed: no such domain.
        case unknownDomain(String)
        /// Nothing changed: the domain has no pin with this value.
        case unknownPin(String, host: String)
        /// Nothing changed: the domain is already in the manifest.
        case domainExists(String)
        /// Nothing changed: the domain already has these settings.
        case settingsAlreadySet(String)
        /// Nothing changed: the pin already has this note.
        case noteAlreadySet(String, host: String)

        public var didChange: Bool {
            switch self {
            case .pinned, .unpinned, .roleChanged, .domainAdded, .domainRemoved, .settingsChanged, .noted,
                .noteRemoved:
                return true
            case .alreadyPinned, .unknownDomain, .unknownPin, .domainExists, .settingsAlreadySet, .noteAlreadySet:
                return false
            }
        }

        public var description: String {
            switch self {
            case .pinned(let pin, let host, let newDomainMode):
                let domainNote = newDomainMode.map { " (new domain, mode \($0.rawValue))" } ?? ""
                return "pinned \(pin.type.rawValue) \(pin.value) as \(pin.role.rawValue) for \(host)\(domainNote)"
            case .unpinned(let value, let host): return "unpinned \(value) from \(host)"
            case .roleChanged(let value, let host, let role): return "pin \(value) of \(host) is now \(role.rawValue)"
            case .domainAdded(let host, let mode): return "added \(host) (mode \(mode.rawValue))"
            case .domainRemoved(let host, let count):
                return "removed \(host) and its \(count) pin\(count == 1 ? "" : "s")"
            case .settingsChanged(let host, let old, let new):
                return "\(host): " + new.changes(from: old).joined(separator: ", ")
            case .noted(let value, let host): return "noted pin \(value) of \(host)"
            case .noteRemoved(let value, let host): return "removed the note of pin \(value) of \(host)"
            case .alreadyPinned(let existing, let host):
                return "\(host) already pins \(existing.value) (\(existing.type.rawValue), \(existing.role.rawValue)); "
                    + "nothing changed"
            case .unknownDomain(let host): return "\(host) is not in the manifest; nothing changed"
            case .unknownPin(let value, let host): return "\(host) has no pin \(value); nothing changed"
            case .domainExists(let host): return "\(host) is already in the manifest; nothing changed"
            case .settingsAlreadySet(let host): return "\(host) already has these settings; nothing changed"
            case .noteAlreadySet(let value, let host):
                return "pin \(value) of \(host) already has this note; nothing changed"
            }
        }
    }
}
