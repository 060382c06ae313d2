import ArgumentParser
import ChainProbe
import ClientModels
import Foundation
import LiveCheck
import ManifestEditing
import ManifestFiles
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
        let domains = try CheckSelection.domains(hosts, of: document.manifest)
        let anchors = try trust.anchors(for: document)
        let now = Date()
        // The rows show the core's verdict and path, so OpenSSL's own path to an anchor is not built.
        var options = probeSettings.options(anchors: anchors)
        options.buildsAnchorPath = false
        let encode: @Sendable (CheckRow) -> CanonicalJSON.ArrayElement? = { row in try? Output.jsonElement(row) }
        let run = CheckRun(
            validator: PinValidator(manifest: document.manifest, trustAnchors: anchors), options: options,
            concurrency: concurrency, revocation: revocationSettings.revocation,
            transparency: try transparencySettings.requirement(), deadline: probeSettings.deadline, now: now,
            clients: clients?.clients ?? [], encodeRow: json ? encode : nil)
        let results = await run.run(domains)
        if let report {
            try FailureReportFile.write(results.orderedFailureReports, to: report, inputs: reportInputs)
        }
        try printReport(results, document: document, at: now)
    }

    /// The files the command reads, which `--report` must not name.
    private func reportInputs(for document: ManifestDocument) -> [InputFile] {
        var inputs = CommandInputs.manifestAndTrust(document, trust: trust)
        if let ctLogList = transparencySettings.ctLogList {
            inputs.append(InputFile(ctLogList, what: "CT log list"))
        }
        return inputs
    }

    /// The table (or JSON) of the rows and the lint findings of the checked domains; throws the exit status.
    private func printReport(_ results: CheckResults, document: ManifestDocument, at now: Date) throws {
        let report = CheckReport(results, document: document, clients: clients?.clients ?? [], at: now)
        if json {
            let elements = try results.jsonElements()
            if clients != nil {
                let head = WithClients(base: report.jsonHead, clients: results.hostClientVerdicts)
                Output.json(head, thenArray: "results", elements)
            } else {
                Output.json(report.jsonHead, thenArray: "results", elements)
            }
        } else {
            Output.lines(report.lines + results.clientLines)
        }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
}
