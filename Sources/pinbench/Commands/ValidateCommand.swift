import ArgumentParser
import Foundation
import PinningCore

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Decide whether a chain is acceptable for a host, as an app using the manifest would.",
        discussion: """
            Default trust evaluation comes first (a path to a trust anchor, validity, the host name, server-auth \
            usage); then the manifest's pins are checked against the verified path only, so a pinned \
            certificate appended to an attacker's chain does not pass.

            Exit status: 0 accepted (or trusted and not pinned, pins lapsed, report-only mismatch), \
            1 rejected, 2 bad input.

            Examples:
              pinbench validate --host api.example.com --chain served.pem
              pinbench validate --host api.example.com --chain served.pem --at 2027-06-01T00:00:00Z --json
              pinbench validate --host api.example.com --chain served.pem --report pin-failures.json

            --report FILE writes RFC 7469 section 3 failure reports (a JSON array; empty when no pin failed) to \
            FILE, for a rejection or report-only violation under a pinned domain. Nothing is sent anywhere.
            """
    )

    @Option(help: "The host name the client connects to (SNI and hostname check).")
    var host: String

    @Option(help: "The chain the server presents, leaf first (PEM or DER).")
    var chain: String

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var trust: TrustOptions
    @OptionGroup var time: TimeOptions

    @Flag(help: "Print the verdict as JSON.")
    var json = false

    @Option(help: "Write RFC 7469 failure reports (JSON) for a pin failure to this file.")
    var report: String?

    func run() async throws {
        let host = try HostArgument.parse(self.host).text
        let document = try manifestOptions.loadForReading()
        let anchors = try trust.anchors(for: document)
        let certificates = try ChainFile.read(chain)
        let validator = PinValidator(manifest: document.manifest, trustAnchors: anchors)
        let at = try time.date()
        let verdict = await validator.validate(host: host, chain: certificates, at: at)
        if let report {
            let failure = PinFailureReport(
                verdict: verdict, port: verdict.policy?.port ?? 443, served: certificates,
                anchors: anchors.certificates, at: at)
            try FailureReportFile.write([failure].compactMap { $0 }, to: report)
        }
        if json {
            Output.json(verdict)
        } else {
            Output.lines(verdict.reportLines)
        }
        if !verdict.allowsConnection { throw ExitCode.rejected }
    }
}
