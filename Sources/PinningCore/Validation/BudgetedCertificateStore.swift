import X509

/// Certificates indexed by subject, handed to swift-certificates' `Verifier` only as far as a
/// ``SignatureCheckBudget`` allows: every certificate handed out as a candidate issuer costs the verifier one
/// signature check (at most), so the budget bounds the whole search.
///
/// Holds the presented intermediates, or the trust anchors (an ``AnchorSet``, indexed once when loaded and parsed
/// anchor by anchor as paths reach them).
struct BudgetedCertificateStore: CustomCertificateStore {
    private let anchors: AnchorSet?
    private let bySubject: [DistinguishedName: [Certificate]]
    private let budget: SignatureCheckBudget

    init(_ certificates: some Sequence<Certificate>, budget: SignatureCheckBudget) {
        self.init(anchors: nil, index: Self.index(certificates), budget: budget)
    }

    init(anchors: AnchorSet, budget: SignatureCheckBudget) {
        self.init(anchors: anchors, index: [:], budget: budget)
    }

    private init(anchors: AnchorSet?, index: [DistinguishedName: [Certificate]], budget: SignatureCheckBudget) {
        self.anchors = anchors
        self.bySubject = index
        self.budget = budget
    }

    private func candidates(_ subject: DistinguishedName) -> [Certificate] {
        guard let anchors else { return bySubject[subject] ?? [] }
        let found = anchors.certificates(withSubject: subject)
        // Empty unless the verifier appended certificates: skip hashing the name a second time.
        guard !bySubject.isEmpty, let indexed = bySubject[subject] else { return found }
        return found + indexed
    }

    /// Distinct certificates by subject, in the order given (a chain that sends a certificate twice costs once).
    static func index(_ certificates: some Sequence<Certificate>) -> [DistinguishedName: [Certificate]] {
        var index: [DistinguishedName: [Certificate]] = [:]
        for certificate in certificates where !(index[certificate.subject]?.contains(certificate) ?? false) {
            index[certificate.subject, default: []].append(certificate)
        }
        return index
    }

    subscript(subject: DistinguishedName) -> [Certificate]? {
        get async {
            let candidates = candidates(subject)
            guard !candidates.isEmpty else { return nil }
            let (granted, yieldFirst) = budget.grantCheckingYield(candidates.count)
            // Path building is CPU-bound work on the shared cooperative pool: let other tasks run between batches of
            // signature checks (other verdicts in `check`, the workbench's messages). Not at every lookup: a yield
            // wakes another pool thread, which cost a usual 3-certificate verdict more than its own bookkeeping.
            if yieldFirst { await Task.yield() }
            return granted == 0 ? nil : Array(candidates.prefix(granted))
        }
    }

    func contains(_ certificate: Certificate) async -> Bool {
        candidates(certificate.subject).contains(certificate)
    }

    mutating func append(contentsOf certificates: some Sequence<Certificate>) {
        var index = bySubject
        for certificate in certificates {
            // Held already (as an anchor or appended before): offering it twice would cost the budget twice.
            let anchored = anchors?.contains(certificate) ?? false
            guard !anchored, !(index[certificate.subject]?.contains(certificate) ?? false) else { continue }
            index[certificate.subject, default: []].append(certificate)
        }
        self = Self(anchors: anchors, index: index, budget: budget)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.budget === rhs.budget && lhs.anchors === rhs.anchors && lhs.bySubject == rhs.bySubject
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(budget))
        hasher.combine(bySubject.count)
    }
}
