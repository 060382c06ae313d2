import ArgumentParser
import Foundation
import LiveCheck
import ManifestEditing
import ManifestFiles
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
              pinbench validate --host api.example.com --chain served.pem --ocsp-response staple.der
              pinbench validate --host api.example.com --chain served.pem --ct-log-list log_list.json --require-ct

            --ocsp-response FILE judges a DER OCSP response for the leaf (a staple saved with `openssl s_client \
            -status`, or a responder's answer): revoked rejects; one that cannot be relied on is reported.

            --profile rfc5280 adds the MUSTs of RFC 5280's certificate profile that the apps do not enforce: key \
            identifiers present, CA basic constraints critical, a CA's subject not empty, name and policy \
            constraints profiles, a critical SAN beside an empty subject, serial numbers, a readable AIA. It suits \
            a private CA, which owes nothing to the CA/Browser Forum. --profile strict adds the Baseline \
            Requirements a strict WebPKI verifier (openssl verify -x509_strict, rustls-webpki) enforces on top: the \
            CN repeating a SAN, serverAuth on every leaf, no critical EKU and none on the root, the root's own key \
            identifiers, RSA moduli in whole bytes. Apps decide as --profile platform (the default).

            --report FILE writes RFC 7469 section 3 failure reports (a JSON array; empty when no pin failed) to \
            FILE, for a rejection or report-only violation under a pinned domain. Nothing is sent anywhere. FILE is \
            a new file or an earlier report, never a file this command reads.

            --clients all (or a list: curl,okhttp,ats,...) also judges the chain as each client would with the \
            pins `pinbench export` writes for it, since clients disagree on what matches a pin: curl compares the \
            leaf's key only; OkHttp and Android any certificate of the verified chain, the trust anchor too (a \
            root the server does not send still matches); ATS leaf identities only the leaf and CA identities \
            never the leaf; TrustKit needs two pins; clients without expiry or report-only enforce the pins \
            anyway. Each verdict gives the client's own error or setting, and says where it differs from \
            PinBench's. The exit status stays PinBench's. docs/clients.md cites each rule's source.
              pinbench validate --host api.example.com --chain served.pem --clients all
              pinbench validate --host api.example.com --chain served.pem --clients curl,okhttp3 --json
            """
    )

    @Option(help: "The host name the client connects to (SNI and hostname check).")
    var host: String

    @Option(help: "The chain the server presents, leaf first (PEM or DER).")
    var chain: String

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var trust: TrustOptions
    @OptionGroup var time: TimeOptions

    @Option(
        help:
            "platform (what apps decide; the default), rfc5280 (adds RFC 5280's MUSTs) or strict (adds CA/B BR too).")
    var profile: ValidationProfile = .platform

    @Flag(help: "Print the verdict as JSON.")
    var json = false

    @Option(help: "Write RFC 7469 failure reports (JSON) for a pin failure to this file.")
    var report: String?

    @Option(help: "A DER OCSP response about the leaf to judge with the chain (a saved staple).")
    var ocspResponse: String?

    @OptionGroup var transparencySettings: TransparencySettings

    @Option(help: ClientSelection.help)
    var clients: ClientSelection?
    @OptionGroup var android: AndroidTargetOptions

    func run() async throws {
        let host = try HostArgument.parse(self.host).text
        let document = try manifestOptions.loadForReading()
        let inputs = reportInputs(document)
        if let report { try FailureReportFile.check(report, inputs: inputs) }
        let anchors = try trust.anchors(for: document)
        let certificates = try ChainFile.read(chain)
        let validation = ChainValidation(
            host: host, chain: certificates,
            validator: PinValidator(manifest: document.manifest, trustAnchors: anchors, profile: profile),
            at: try time.date(), ocspResponse: try ocspResponse.map { try ChainValidation.ocspResponse(at: $0) },
            transparency: try transparencySettings.requirement(), clients: clients?.clients,
            android: try android.target())
        let result = await validation.run()
        if let report { try FailureReportFile.write(result.failureReports, to: report, inputs: inputs) }
        Output.report(result, json: json, lines: result.lines)
        if !result.verdict.allowsConnection { throw ExitCode.rejected }
    }

    /// Every file this command reads, none of which `--report` may name.
    private func reportInputs(_ document: ManifestDocument) -> [InputFile] {
        var inputs = CommandInputs.manifestAndTrust(document, trust: trust)
        inputs.append(InputFile(chain, what: "chain file"))
        if let ocspResponse { inputs.append(InputFile(ocspResponse, what: "OCSP response")) }
        if let ctLogList = transparencySettings.ctLogList { inputs.append(InputFile(ctLogList, what: "CT log list")) }
        return inputs
    }
}

extension ValidationProfile: ExpressibleByArgument {}
