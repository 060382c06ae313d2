import PinningCore

extension DomainPolicy {
    /// The mode pinbench gives a domain it creates: report-only, so that a domain's first pin cannot lock anyone
    /// out before it has a backup. Switching to enforce is a deliberate second step.
    public static let newDomainMode: EnforcementMode = .reportOnly

    /// A domain as pinbench creates it, from every front end (the CLI's `pin add`, the workbench's `a`): no pins,
    /// ``newDomainMode`` unless the caller asks for another mode, the host in lookup form.
    public static func newDomain(host: String, port: Int = 443, mode: EnforcementMode = newDomainMode) -> DomainPolicy {
        DomainPolicy(host: normalize(host), port: port, mode: mode)
    }
}
