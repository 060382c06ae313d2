import ArgumentParser
import ChainProbe
import ClientModels
import Foundation
import ManifestEditing
import ManifestFiles
import ManifestLint
import PinExport
import PinningCore

/// `pinbench check`: every domain of the manifest, live, through the core: the CI job that guards the pins.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Connect to every domain of the manifest and judge what each one serves now.",
        discussion: """
            Fetches each domain's chain (at its `connect` address when set, SNI = host), judges it with the \
            validation core exactly as an app using the manifest would, checks App Transport Security, and runs \
            the lockout guard with the chains seen live (so it also warns about pins that match nothing served). \
            Prints a table, the reasons for every verdict that is not a plain acceptance, and the lint findings.

            Exit status: 0 every domain accepted or allowed and no lint errors; 1 a rejection or a lint error; \
            2 bad input, or a domain could not be reached (and nothing was rejected).

            Examples:
              pinbench check
              pinbench check --manifest app/pins.json --json > check.json
              pinbench check api.example.com cdn.example.com --timeout 2 --concurrency 8
              pinbench check --report pin-failures.json

            --clients all (or a list: curl,okhttp,ats,...) also judges each domain's live chain as each client \
            would with the pins `pinbench export` writes for it, after the table, and says where a client differs \
            from PinBench; --json adds a `clients` array (host, clients). The lint findings then also warn of pins \
            some of these clients can never match, as `lint --clients` does. The exit status stays PinBench's. \
            docs/clients.md cites each rule's source.

            --report FILE writes an RFC 7469 section 3 failure report (in a JSON array) for every rejection or \
            report-only violation under a pinned domain to FILE. Nothing is sent anywhere. FILE is a new file or an \
            earlier report, never a file this command reads.
            """
    )

    @Argument(help: "Check only these domains of the manifest (default: all of them).")
    var hosts: [String] = []

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var trust: TrustOptions
    @OptionGroup var probeSettings: ProbeSettings
    @OptionGroup var revocationSettings: RevocationSettings
    @OptionGroup var transparencySettings: TransparencySettings

    @Option(parsing: .unconditional, help: "How many connections may be open at once (1 to 256).")
    var concurrency = 32

    @Flag(help: "Print the results as JSON.")
    var json = false

    @Option(help: "Write RFC 7469 failure reports (JSON) for pin failures to this file.")
    var report: String?

    @Option(help: ClientSelection.help)
    var clients: ClientSelection?

    func validate() throws {
        try OptionRange.check(concurrency, 1...256, option: "--concurrency", unit: "connections")
    }

    func run() async throws {
        let document = try ManifestStore.load(manifestOptions.url)
        let reportInputs = reportInputs(for: document)
        if let report { try FailureReportFile.check(report, inputs: reportInputs) }
        let domains = try selectedDomains(document.manifest)
        let anchors = try trust.anchors(for: document)
        let validator = PinValidator(manifest: document.manifest, trustAnchors: anchors)
        let transparency = try transparencySettings.requirement()
        let now = Date()
        // The rows show the core's verdict and path, so OpenSSL's own path to an anchor is not built.
        var options = probeSettings.options(anchors: anchors)
        options.buildsAnchorPath = false

        let results = await probeAndJudge(
            domains, options: options, validator: validator, transparency: transparency, at: now)
        if let report {
            try FailureReportFile.write(
                results.failureReports.sorted { $0.key < $1.key }.map(\.value), to: report, inputs: reportInputs)
        }
        try printReport(results, domains: domains, document: document, at: now)
    }

    /// The files the command reads, which `--report` must not name.
    private func reportInputs(for document: ManifestDocument) -> [InputFile] {
        var inputs = CommandInputs.manifestAndTrust(document, trust: trust)
        if let ctLogList = transparencySettings.ctLogList {
            inputs.append(InputFile(ctLogList, what: "CT log list"))
        }
        return inputs
    }

    /// What the check gathered, one slot per domain in manifest order.
    private struct Results {
        var rows: [CheckRow?]
        /// With --json, each judged row is encoded by the task that judged it, beside the probes still running,
        /// instead of all of them one after the other once the last probe is in.
        var encodedRows: [CanonicalJSON.ArrayElement?]
        /// The chains seen live, by normalized host, for the lint's lockout guard.
        var served: [String: ServedChain] = [:]
        var failureReports: [Int: PinFailureReport] = [:]
        /// With --clients, each judged domain's client verdicts.
        var clientVerdicts: [Int: [ClientVerdict]] = [:]

        init(count: Int) {
            rows = Array(repeating: nil, count: count)
            encodedRows = Array(repeating: nil, count: count)
        }

        mutating func record(_ judged: Judged, domains: [DomainPolicy]) {
            rows[judged.index] = judged.row
            encodedRows[judged.index] = judged.encodedRow
            if let chain = judged.served { served[domains[judged.index].normalizedHost] = chain }
            if let failure = judged.failureReport { failureReports[judged.index] = failure }
            if !judged.clientVerdicts.isEmpty { clientVerdicts[judged.index] = judged.clientVerdicts }
        }
    }

    /// Probes every domain, up to `--concurrency` at once, and judges each chain as it arrives.
    private func probeAndJudge(
        _ domains: [DomainPolicy], options: ProbeOptions, validator: PinValidator, transparency: CTRequirement?,
        at now: Date
    ) async -> Results {
        var results = Results(count: domains.count)
        var probeIndices: [Int] = []
        var targets: [ProbeTarget] = []
        for (index, domain) in domains.enumerated() {
            do {
                targets.append(try ProbeTarget(host: domain.host, port: domain.port, connect: domain.connect))
                probeIndices.append(index)
            } catch {
                results.rows[index] = CheckRow(domain: domain, failure: error)
            }
        }
        let batch = ChainProber().probeAll(targets, options: options, concurrency: concurrency)
        // Chains are judged as they arrive, several at once: one hostile chain (bounded by its probe's deadline)
        // must not hold up the verdicts of the others.
        let judgingLimit = min(concurrency, max(2, ProcessInfo.processInfo.activeProcessorCount))
        await withTaskGroup(of: Judged.self) { group in
            var judging = 0
            for await outcome in batch {
                let index = probeIndices[outcome.index]
                let domain = domains[index]
                switch outcome.result {
                case .failure(let failure):
                    results.rows[index] = CheckRow(domain: domain, failure: failure)
                case .success(let probe):
                    if judging >= judgingLimit, let done = await group.next() {
                        results.record(done, domains: domains)
                        judging -= 1
                    }
                    let clients = clients?.clients ?? []
                    group.addTask {
                        await Self.judge(
                            probe, index: index, domain: domain, validator, at: now,
                            revocation: revocationSettings.revocation, transparency: transparency,
                            deadline: probeSettings.deadline, encodingRow: json, clients: clients)
                    }
                    judging += 1
                }
            }
            for await done in group { results.record(done, domains: domains) }
        }
        return results
    }

    /// The table (or JSON) of the rows and the lint findings of the checked domains; throws the exit status.
    private func printReport(
        _ results: Results, domains: [DomainPolicy], document: ManifestDocument, at now: Date
    ) throws {
        let checkedHosts = Set(domains.map(\.host))
        let environment = LintEnvironment.gather(for: document, clients: clients?.clients ?? [])
        let findings = ManifestLinter(environment).lint(document, now: now, served: results.served)
            .filter { $0.host.map(checkedHosts.contains) ?? true }
        let report = CheckReport(
            manifest: document.url.path, checkedAt: now, results: results.rows.compactMap { $0 }, lint: findings)
        let clientVerdicts = results.clientVerdicts.sorted { $0.key < $1.key }.map {
            HostClientVerdicts(host: domains[$0.key].host, clients: $0.value)
        }
        if json {
            let elements = try zip(results.rows, results.encodedRows).compactMap { row, encoded in
                try encoded ?? row.map(Output.jsonElement)
            }
            if clients != nil {
                Output.json(WithClients(base: report.jsonHead, clients: clientVerdicts), thenArray: "results", elements)
            } else {
                Output.json(report.jsonHead, thenArray: "results", elements)
            }
        } else {
            Output.lines(report.lines)
            for domain in clientVerdicts {
                Output.lines(["", "\(domain.host):"] + ClientSelection.reportLines(domain.clients))
            }
        }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }

    /// One domain's row and, when it was judged, its served chain as the validator saw it.
    private struct Judged: Sendable {
        let index: Int
        let row: CheckRow
        let served: ServedChain?
        var failureReport: PinFailureReport? = nil
        /// The row as JSON, when the report is JSON.
        var encodedRow: CanonicalJSON.ArrayElement? = nil
        /// With --clients, the clients' verdicts on the chain.
        var clientVerdicts: [ClientVerdict] = []
    }

    private static func judge(
        _ probe: ProbeResult, index: Int, domain: DomainPolicy, _ validator: PinValidator,
        at now: Date, revocation: RevocationMode, transparency: CTRequirement?, deadline: Duration,
        encodingRow: Bool, clients: [PinClient]
    ) async -> Judged {
        do {
            let inspection = try await LiveInspection.judge(
                probe, validator: validator, at: now, revocation: revocation, transparency: transparency,
                deadline: deadline)
            let failure = PinFailureReport(
                verdict: inspection.verdict, port: domain.port, served: inspection.sent,
                at: now)
            let row = CheckRow(domain: domain, inspection: inspection, now: now)
            let clientVerdicts = await ClientJudge.judgeAll(
                clients, host: domain.host, manifest: validator.manifest, verdict: inspection.verdict,
                chain: inspection.sent, validator: validator, at: now)
            return Judged(
                index: index, row: row, served: inspection.served, failureReport: failure,
                encodedRow: encodingRow ? try? Output.jsonElement(row) : nil, clientVerdicts: clientVerdicts)
        } catch {
            return Judged(index: index, row: CheckRow(domain: domain, unparsable: error, probe: probe), served: nil)
        }
    }

    /// The domains to check, in manifest order; a host that is not in the manifest is bad input.
    private func selectedDomains(_ manifest: PinManifest) throws -> [DomainPolicy] {
        if hosts.isEmpty {
            guard !manifest.domains.isEmpty else {
                throw CLIFailure("the manifest lists no domains; add one with `pinbench pin add HOST ...`")
            }
            return manifest.domains
        }
        return try hosts.map { argument in
            let host = try HostArgument.parse(argument).text
            guard let index = manifest.indexOfDomain(host) else {
                let known = manifest.domains.map(\.host).prefix(10).joined(separator: ", ")
                throw CLIFailure("\(host) is not a domain of the manifest (it has: \(known))")
            }
            return manifest.domains[index]
        }
    }
}
