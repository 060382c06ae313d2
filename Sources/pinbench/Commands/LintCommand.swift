import ArgumentParser
import Foundation
import ManifestFiles
import ManifestLint

struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the manifest for pins that would lock an app out (the lockout guard).",
        discussion: """
            Errors: an enforced domain with fewer than two pins, a pin value that is not base64 of 32 bytes, a \
            duplicate domain, an unreadable trust anchor, a pin label over 200 or a note over 1000 characters. \
            Warnings: no backup pin (or every backup in the served \
            chain), every pin on a leaf expiring within 30 days, an expires date in the past, pins that match \
            nothing the server presents (with --served).

            With --clients (all, or a list such as urlsession,okhttp,curl: the clients the manifest is exported             to), each pin is also judged as each client carries and matches it: a pin some of them can never match             is a warning naming them and why (curl and OkHttp carry key pins only, curl compares the leaf alone,             ATS has no position any, Alamofire and AFNetworking drop certificate pins where a domain has key             pins, and with --served, curl never matches a pin above the leaf of the chain served now); so is a             domain TrustKit refuses (fewer than two key pins). docs/clients.md cites each rule's source.

            A served chain is judged as `validate` judges it (the system bundle or --ca-bundle, plus the manifest's \
            trustAnchors): pins are compared with the verified path, so a pin on a root the server does not send \
            but clients trust counts, and lint, validate and check give one answer.

            Exit status: 0 no errors (warnings allowed), 1 errors, 2 bad input.

            Examples:
              pinbench lint
              pinbench lint --manifest app/pins.json --served api.example.com=served.pem --json
              pinbench lint --clients urlsession,okhttp,android
            """
    )

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var trust: TrustOptions
    @OptionGroup var time: TimeOptions

    @OptionGroup var servedOptions: ServedOptions

    @Option(help: ClientSelection.lintHelp)
    var clients: ClientSelection?

    @Flag(help: "Print the findings as JSON.")
    var json = false

    func run() async throws {
        let document = try ManifestStore.load(manifestOptions.url)
        let now = try time.date()
        // Anchors that cannot be read are a lint finding of their own; the chains are judged with the others.
        let anchors = servedOptions.served.isEmpty ? nil : try trust.anchors(for: document, skippingUnreadable: true)
        let findings = await LintRun(
            document: document, served: try servedOptions.entries(), anchors: anchors, clients: clients?.clients ?? []
        ).run(at: now)
        Output.report(findings, json: json, lines: LintTally.reportLines(findings, of: document))
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode.rejected }
    }
}
