import ChainProbe
import ClientModels
import CommandText
import Foundation
import PinExport
import PinningCore

/// `check`'s work: every domain probed (``ChainProber/probeDomains(_:options:concurrency:)``) and each chain judged
/// as it arrives, several at once, so one hostile chain (bounded by its probe's deadline) never holds up the others.
public struct CheckRun: Sendable {
    public var validator: PinValidator
    public var options: ProbeOptions
    /// How many connections may be open at once; judging runs as many at once, but at least 2 and at most the cores.
    public var concurrency: Int
    public var revocation: RevocationMode
    public var transparency: CTRequirement?
    /// The bound on each domain's revocation lookup (the probe's own deadline).
    public var deadline: Duration
    /// The instant every verdict is judged at.
    public var now: Date
    /// With `--clients`, the clients each chain is also judged for.
    public var clients: [PinClient]
    /// Encodes a row where it is judged, beside the probes still running (with `--json`), or nil for text.
    public var encodeRow: (@Sendable (CheckRow) -> CanonicalJSON.ArrayElement?)?

    public init(
        validator: PinValidator, options: ProbeOptions, concurrency: Int, revocation: RevocationMode,
        transparency: CTRequirement?, deadline: Duration, now: Date, clients: [PinClient] = [],
        encodeRow: (@Sendable (CheckRow) -> CanonicalJSON.ArrayElement?)? = nil
    ) {
        self.validator = validator
        self.options = options
        self.concurrency = concurrency
        self.revocation = revocation
        self.transparency = transparency
        self.deadline = deadline
        self.now = now
        self.clients = clients
        self.encodeRow = encodeRow
    }

    /// Probes and judges `domains`, up to ``concurrency`` at once.
    public func run(_ domains: [DomainPolicy]) async -> CheckResults {
        var results = CheckResults(domains: domains)
        let batch = ChainProber().probeDomains(domains, options: options, concurrency: concurrency)
        let judgingLimit = min(concurrency, max(2, ProcessInfo.processInfo.activeProcessorCount))
        let certificates = SentCertificateMemo()
        await withTaskGroup(of: CheckResults.Judged.self) { group in
            var judging = 0
            for await outcome in batch {
                switch outcome.result {
                case .failure(let failure):
                    results.rows[outcome.index] = CheckRow(domain: outcome.domain, failure: failure)
                case .success(let probe):
                    if judging >= judgingLimit, let done = await group.next() {
                        results.record(done)
                        judging -= 1
                    }
                    group.addTask {
                        await judge(probe, index: outcome.index, domain: outcome.domain, certificates: certificates)
                    }
                    judging += 1
                }
            }
            for await done in group { results.record(done) }
        }
        return results
    }

    private func judge(
        _ probe: ProbeResult, index: Int, domain: DomainPolicy, certificates: SentCertificateMemo
    ) async -> CheckResults.Judged {
        do {
            let inspection = try await LiveInspection.judge(
                probe, validator: validator, at: now, revocation: revocation, transparency: transparency,
                deadline: deadline, certificates: certificates)
            let failure = PinFailureReport(
                verdict: inspection.verdict, port: domain.port, served: inspection.sent, at: now)
            let row = CheckRow(domain: domain, inspection: inspection, now: now)
            let clientVerdicts = await ClientJudge.judgeAll(
                clients, host: domain.host, manifest: validator.manifest, verdict: inspection.verdict,
                chain: inspection.sent, validator: validator, at: now)
            return CheckResults.Judged(
                index: index, row: row, served: inspection.served, failureReport: failure,
                encodedRow: encodeRow?(row), clientVerdicts: clientVerdicts)
        } catch {
            return CheckResults.Judged(
                index: index, row: CheckRow(domain: domain, unparsable: error, probe: probe), served: nil)
        }
    }
}

/// What a ``CheckRun`` gathered, one slot per domain in the order given.
public struct CheckResults: Sendable {
    public let domains: [DomainPolicy]
    public var rows: [CheckRow?]
    /// With ``CheckRun/encodeRow``, each judged row as JSON, encoded by the task that judged it.
    public var encodedRows: [CanonicalJSON.ArrayElement?]
    /// The chains seen live, by normalized host, for the lint's lockout guard.
    public var served: [String: ServedChain] = [:]
    /// RFC 7469 reports for rejections and report-only violations under a pinned domain, by domain index.
    public var failureReports: [Int: PinFailureReport] = [:]
    /// With clients, each judged domain's client verdicts, by domain index.
    public var clientVerdicts: [Int: [ClientVerdict]] = [:]

    init(domains: [DomainPolicy]) {
        self.domains = domains
        rows = Array(repeating: nil, count: domains.count)
        encodedRows = Array(repeating: nil, count: domains.count)
    }

    /// One domain's row and, when it was judged, its served chain as the validator saw it.
    struct Judged: Sendable {
        let index: Int
        let row: CheckRow
        let served: ServedChain?
        var failureReport: PinFailureReport? = nil
        var encodedRow: CanonicalJSON.ArrayElement? = nil
        var clientVerdicts: [ClientVerdict] = []
    }

    mutating func record(_ judged: Judged) {
        rows[judged.index] = judged.row
        encodedRows[judged.index] = judged.encodedRow
        if let chain = judged.served { served[domains[judged.index].normalizedHost] = chain }
        if let failure = judged.failureReport { failureReports[judged.index] = failure }
        if !judged.clientVerdicts.isEmpty { clientVerdicts[judged.index] = judged.clientVerdicts }
    }

    /// The failure reports in domain order, as `--report` writes them.
    public var orderedFailureReports: [PinFailureReport] {
        failureReports.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The judged domains' client verdicts in domain order: (host, verdicts).
    public var orderedClientVerdicts: [(host: String, clients: [ClientVerdict])] {
        clientVerdicts.sorted { $0.key < $1.key }.map { (domains[$0.key].host, $0.value) }
    }
}

extension CheckResults {
    /// Every checked row as a JSON element, in domain order: encoded by the task that judged it (``CheckRun``'s
    /// `encodeRow`), or now for a row that was not.
    public func jsonElements() throws -> [CanonicalJSON.ArrayElement] {
        try zip(rows, encodedRows).compactMap { row, encoded in try encoded ?? row.map(CommandJSON.element) }
    }

    /// With `--clients`, each judged domain's client verdicts, in domain order.
    public var hostClientVerdicts: [HostClientVerdicts] {
        orderedClientVerdicts.map { HostClientVerdicts(host: $0.host, clients: $0.clients) }
    }

    /// The text `--clients` adds below the table: each domain's name, then its clients' verdicts.
    public var clientLines: [String] {
        hostClientVerdicts.flatMap { ["", "\($0.host):"] + ClientVerdict.reportSection($0.clients) }
    }
}
