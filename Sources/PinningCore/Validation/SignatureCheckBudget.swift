/// Counts the signature checks of one verification against ``PathBuildingLimits`` and remembers why it stopped.
///
/// swift-certificates' `Verifier` has no limit of its own: it checks the signature of every candidate issuer its
/// certificate stores hand out. So the stores (``BudgetedCertificateStore``) ask this budget before handing out
/// candidates, and hand out none once it is spent: the verifier's search then ends at once.
final class SignatureCheckBudget: Sendable {
    private struct State {
        var used = 0
        var cutoff: PathBuildingCutoff?
    }

    let limits: PathBuildingLimits
    private let state = Locked(State())

    init(_ limits: PathBuildingLimits) {
        self.limits = limits
    }

    /// How many of `wanted` candidates may be checked now: all, fewer, or none once the cap or deadline is reached.
    func grant(_ wanted: Int) -> Int {
        let pastDeadline = limits.deadline.map { ContinuousClock.now >= $0 } ?? false
        return state.withLock { state in
            if pastDeadline {
                state.cutoff = state.cutoff ?? .deadline
                return 0
            }
            let granted = min(wanted, max(0, limits.maxSignatureChecks - state.used))
            state.used += granted
            if granted < wanted { state.cutoff = state.cutoff ?? .signatureChecks(limits.maxSignatureChecks) }
            return granted
        }
    }

    /// Signature checks between two yields of the pool thread during path building: a few milliseconds of work at
    /// most, so other tasks wait no longer than that; a usual chain (2 or 3 checks) never yields.
    static let checksPerYield = 8

    /// ``grant(_:)``, and whether the search has granted another ``checksPerYield`` checks since it last yielded.
    func grantCheckingYield(_ wanted: Int) -> (granted: Int, yield: Bool) {
        let before = used
        let granted = grant(wanted)
        let after = before + granted
        return (granted, after / Self.checksPerYield > before / Self.checksPerYield)
    }

    /// Signature checks granted so far.
    var used: Int { state.withLock { $0.used } }

    /// Why the search was cut short, or nil while it has run within its limits.
    var cutoff: PathBuildingCutoff? { state.withLock { $0.cutoff } }
}
