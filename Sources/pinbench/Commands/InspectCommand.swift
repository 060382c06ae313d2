import ArgumentParser
import ChainProbe
import ClientModels
import DemoLab
import Foundation
import LiveCheck
import ManifestFiles
import PinningCore

/// `pinbench inspect`: one live connection, everything it shows, and the verdict an app would reach.
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Connect to a server and show its chain, TLS facts, ATS verdict and the manifest's verdict.",
        discussion: """
            Shows the chain as the server sent it and the path OpenSSL built from it to a trust anchor, each \
            certificate with its fingerprints and pins; the protocol, cipher suite and key-exchange group; whether \
            the connection meets App Transport Security; and the verdict the validation core gives the sent chain \
            under the manifest (pins.json in the current folder, or --manifest). Without a manifest the verdict is \
            default trust alone.

            SNI and the host-name check always use HOST. --connect dials another address (a staging node, a load \
            balancer, the demo lab); a domain's `connect` in the manifest is used when --connect is not given.

            Exit status: 0 connected and the verdict allows the connection, 1 rejected, 2 bad input or \
            unreachable.

            Examples:
              pinbench inspect api.example.com
              pinbench inspect api.example.com:8443 --connect 10.0.0.5 --timeout 2
              pinbench inspect good.pinbench.test --manifest lab.json --json
              pinbench inspect api.example.com --pem > served.pem    # then: pinbench pin add ... --chain served.pem
              pinbench inspect api.example.com --clients curl,okhttp,ats

            --clients all (or a list) also judges the chain as each client would with the pins `pinbench export` \
            writes for it, and says where a client differs from the verdict above (docs/clients.md).
            """
    )

    @Argument(
        help: ArgumentHelp("The server: HOST, HOST:PORT or [IPv6]:PORT (port 443 by default).", valueName: "host"))
    var server: String

    @Option(
        help: ArgumentHelp(
            "Dial this ADDRESS[:PORT] instead; SNI and the host check still use HOST.", valueName: "address"))
    var connect: String?

    @OptionGroup var probeSettings: ProbeSettings
    @OptionGroup var revocationSettings: RevocationSettings
    @OptionGroup var transparencySettings: TransparencySettings
    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var trust: TrustOptions

    @Flag(help: "Print everything as JSON.")
    var json = false

    @Flag(help: "Print only the chain as sent, as PEM (for pins, validate and pin add).")
    var pem = false

    @Option(help: ClientSelection.help)
    var clients: ClientSelection?

    func validate() throws {
        if json && pem { throw ValidationError("Choose one of --json and --pem.") }
    }

    func run() async throws {
        let document = try manifestOptions.loadForReading()
        let anchors = try trust.anchors(for: document)
        let target = try makeTarget(document.manifest)
        let run = InspectRun(
            target: target, validator: PinValidator(manifest: document.manifest, trustAnchors: anchors),
            options: probeSettings.options(anchors: anchors), revocation: revocationSettings.revocation,
            transparency: try transparencySettings.requirement(), clients: clients?.clients)
        let probe: ProbeResult
        switch await run.connect() {
        case .failure(let failure):
            if json { Output.json(InspectJSON(target: target, failure: failure)) }
            throw CLIFailure("\(target): \(failure.description)", exitCode: .badInput)
        case .success(let success):
            probe = success
        }
        if pem { return Output.lines(probe.sentChainPEMLines) }
        let judged: InspectRun.Judged
        do {
            judged = try await run.judge(probe)
        } catch {
            throw CLIFailure(
                "\(target): rejected: the server's chain cannot be parsed, so no client built on the core could "
                    + "accept it: \(error)",
                exitCode: .rejected
            )
        }
        let inspection = judged.inspection
        let clientVerdicts = judged.clients
        if json {
            let base = InspectJSON(target: target, inspection: inspection)
            if let clientVerdicts {
                Output.json(WithClients(base: base, clients: clientVerdicts))
            } else {
                Output.json(base)
            }
        } else {
            Output.lines(
                InspectReport(inspection: inspection).lines + ClientVerdict.reportSection(clientVerdicts ?? []))
        }
        if inspection.verdict.rejection == .untrustedChain {
            let note = InspectTrustNote(trust: trust.choice, document: document)
            for line in note.lines { Output.note(line) }
        }
        if !inspection.verdict.allowsConnection { throw ExitCode.rejected }
    }

    /// HOST[:PORT] from the argument; the port and `connect` of the manifest's domain fill in what was not given.
    private func makeTarget(_ manifest: PinManifest) throws -> ProbeTarget {
        let endpoint = try HostArgument.endpoint(server)
        let dial = try connect.map(HostArgument.endpoint)
        do {
            return try ProbeTarget(inspecting: endpoint, dial: dial, manifest: manifest)
        } catch {
            throw CLIFailure(error.reason)
        }
    }
}
