import ArgumentParser
import DemoLab
import Foundation
import ManifestFiles
import PinForecast

/// `pinbench lab`: the demo lab in the foreground, for `check`, `inspect`, openssl or an app under test.
struct LabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lab",
        abstract: "Run the offline demo lab: local TLS servers, one scenario per name, until Ctrl-C.",
        discussion: """
            Listens on one loopback port and chooses the scenario by the SNI name: good, rotated (new leaf key), \
            mitm (impostor chain with the same names), expired, wrong-host, self-signed, incomplete (intermediate \
            missing), weak (fails ATS), slow (holds the handshake), tls11, revoked, ct-logged, no-sct and \
            rotating (switched while the lab runs, below), all under pinbench.test. The PKI is \
            generated at start and lives in memory only; the lab root is written as PEM so clients can trust it.

            --write-manifest FILE writes a ready manifest: every scenario as a domain whose `connect` is the lab's \
            address, `trustAnchors` naming the lab root (written beside it: lab.json gives lab-root.pem and \
            lab-ct-logs.json, the lab's CT log list), some domains already pinned. The keys \
            are new on every run, so the manifest only fits the lab that wrote it. Beside it go the demo releases \
            (\(ReleaseList.fileName) and one manifest per release, as `pinbench demo` writes them) for \
            `pinbench forecast`.

            Rotation: rotating.pinbench.test serves today's chain until the lab receives SIGUSR1; each SIGUSR1 \
            switches it to the next chain and prints the new state: renewal-new-key (the leaf renewed with a new \
            key by the same intermediate), issuer-rotation (today's leaf key under a sibling intermediate, Issuing \
            CA 2), then today again. The banner's second line gives the lab's process id and the command (Lab PID: \
            N   kill -USR1 N ...). No stdin is read, so it works the same in CI.

            CT logs: the lab's two logs are served on 127.0.0.1 (one RFC 6962, one static-ct-api) and hold every \
            certificate the lab serves, the rotation's included; lab-ct-logs.json lists them with their URLs, so \
            `pinbench watch --ct-log-list lab-ct-logs.json` reads them offline.

            Examples:
              pinbench lab --write-manifest lab.json
              pinbench check --manifest lab.json            # in another terminal
              pinbench inspect mitm.pinbench.test --manifest lab.json
              pinbench forecast --live --manifest lab.json
              kill -USR1 PID                                  # rotating.pinbench.test: next chain
              pinbench forecast --live --manifest lab.json     # current is now the renewal
            """
    )

    @Option(
        name: .customLong("write-manifest"),
        help: ArgumentHelp("Write a manifest for this lab here (and the lab root beside it).", valueName: "file")
    )
    var manifestPath: String?

    @Flag(help: "Replace an existing manifest at --write-manifest (it must be a manifest; anything else is kept).")
    var force = false

    @Flag(help: "Listen on [::1] instead of 127.0.0.1.")
    var ipv6 = false

    func validate() throws {
        if force && manifestPath == nil { throw ValidationError("--force only applies with --write-manifest.") }
    }

    func run() throws {
        let existing = try manifestPath.flatMap { try LabFiles.existingManifest(at: $0, force: force) }
        var stopSignals = LabStopSignals.block()  // before the lab's threads start, so they inherit the mask
        let lab = try RunningLab.startForCommand(DemoLabOptions(address: ipv6 ? "::1" : "127.0.0.1"))
        defer { lab.stop() }
        let files = try LabFiles.write(
            lab, manifest: manifestPath.map { URL(fileURLWithPath: $0) }, existing: existing, replacing: force)
        defer { files.remove() }
        Output.lines(
            LabBanner(
                lab: lab, rootPath: files.root.path, logListPath: files.ctLogList.path, manifestPath: manifestPath
            )
            .lines)
        Output.flush()

        let received = stopSignals.wait(rotating: lab) { state in
            Output.line("\(lab.scenario(.rotating).host) now serves \(state): \(state.explanation)")
            Output.flush()
        }
        lab.stop()
        Output.note("lab stopped (\(LabStopSignals.describe(received))); its keys are gone.")
    }
}
