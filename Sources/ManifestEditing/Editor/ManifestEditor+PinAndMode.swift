import PinningCore

extension ManifestEditor {
    /// `pin add --mode`: adds `pin` to `host` (a new domain starts in `mode`, else report-only) and then sets an
    /// existing domain's mode to `mode` when it differs. Returns the pin's outcome and the mode set, if one was.
    public static func addPin(
        _ pin: Pin, host: String, to manifest: inout PinManifest, mode: EnforcementMode?
    ) -> (outcome: Outcome, modeSet: EnforcementMode?) {
        let outcome = addPin(pin, host: host, to: &manifest, newDomainMode: mode ?? .reportOnly)
        guard let mode, let index = manifest.indexOfDomain(host), manifest.domains[index].mode != mode else {
            return (outcome, nil)
        }
        manifest.domains[index].mode = mode
        return (outcome, mode)
    }
}
