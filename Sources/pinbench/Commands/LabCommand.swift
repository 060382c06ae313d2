import ArgumentParser
import DemoLab
import Foundation
import ManifestEditing
import ManifestFiles
import PinForecast
import PinningCore

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
        let existing = try existingManifest()
        // Block the stop signals before the lab's threads start, so they inherit the mask and only `sigwait` here
        // sees them: Ctrl-C then stops the lab cleanly instead of killing the process mid-write.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGUSR1] { sigaddset(&stopSignals, signal) }
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

        let lab: RunningLab
        do {
            lab = try DemoLab.start(DemoLabOptions(address: ipv6 ? "::1" : "127.0.0.1"))
        } catch {
            throw CLIFailure("could not start the demo lab: \((error as? DemoLabError)?.message ?? "\(error)")")
        }
        defer { lab.stop() }

        var temporaryFolder: URL?
        defer { if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) } }
        let rootURL: URL
        let logListURL: URL
        if let manifestPath {
            let manifestURL = URL(fileURLWithPath: manifestPath)
            rootURL = try LabManifestWriter.write(lab, to: manifestURL, replacing: existing).rootURL
            try LabReleasesWriter.write(
                lab, besideManifest: manifestURL, rootAnchorPath: rootURL.lastPathComponent, replacing: force)
            logListURL = LabManifestWriter.companions(of: manifestURL).ctLogList
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "pinbench-lab-\(UUID().uuidString.prefix(8))")
            temporaryFolder = folder
            (rootURL, logListURL) = LabManifestWriter.companions(of: folder.appendingPathComponent("lab.json"))
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try lab.writeRoot(to: rootURL)
            } catch {
                throw CLIFailure(
                    "could not write the lab root: " + SystemCallFailure.describe(error, path: rootURL.path))
            }
        }
        try LabManifestWriter.writeCTLogList(lab, to: logListURL)
        Output.lines(
            LabBanner(lab: lab, rootPath: rootURL.path, logListPath: logListURL.path, manifestPath: manifestPath).lines)
        Output.flush()

        var received: Int32 = 0
        while sigwait(&stopSignals, &received) == 0 && received == SIGUSR1 {
            let state = lab.rotateToNext()
            Output.line("\(lab.scenario(.rotating).host) now serves \(state): \(state.explanation)")
            Output.flush()
        }
        lab.stop()
        Output.note("lab stopped (\(received == SIGINT ? "interrupt" : "signal \(received)")); its keys are gone.")
    }

    /// The manifest `--force` may replace: it must load as a manifest, so nothing else is ever overwritten.
    private func existingManifest() throws -> ManifestDocument? {
        guard let manifestPath else { return nil }
        if !force {
            try LabReleasesWriter.refuseExisting(
                besideManifest: URL(fileURLWithPath: manifestPath),
                hint: "Choose another folder, or add --force to replace the lab files there.")
        }
        guard FileManager.default.fileExists(atPath: manifestPath) else { return nil }
        guard force else {
            throw CLIFailure(
                "\(manifestPath) exists. The lab's keys are new on every run, so it writes a fresh manifest; "
                    + "choose another path, or add --force to replace this one.")
        }
        do {
            return try ManifestStore.load(URL(fileURLWithPath: manifestPath))
        } catch {
            throw CLIFailure("--force replaces only a pin manifest, and \(manifestPath) is not one: \(error)")
        }
    }
}

/// What `lab` prints once it is serving: where, what, and how to try it.
struct LabBanner {
    let lab: RunningLab
    let rootPath: String
    let logListPath: String
    let manifestPath: String?

    var lines: [String] {
        let width = (lab.scenarios.map(\.host.count).max() ?? 0) + 2
        var lines = [
            "PinBench demo lab listening on \(lab.endpoint) (loopback only). Ctrl-C stops it.",
            "Lab PID: \(getpid())   kill -USR1 \(getpid()) switches \(lab.scenario(.rotating).host) to its next chain",
            "Lab root CA (PEM): \(rootPath)",
            "Lab CT log list:   \(logListPath)",
            "",
            "Scenarios: connect to \(lab.endpoint) with the SNI name",
        ]
        for scenario in lab.scenarios {
            lines.append(
                "  " + scenario.host.padding(toLength: width, withPad: " ", startingAt: 0) + scenario.expectation)
        }
        lines.append("")
        // The commands below run as printed: a path that needs quoting in a shell is quoted.
        let manifest = manifestPath.map(Self.word)
        let root = Self.word(rootPath)
        let logList = Self.word(logListPath)
        if let manifestPath, let manifest {
            lines.append("Manifest: \(manifestPath) (every domain connects to \(lab.endpoint))")
            lines.append("  pinbench check --manifest \(manifest)")
            lines.append("  pinbench inspect good.\(lab.domain) --manifest \(manifest)")
            lines.append(
                "  pinbench inspect ct-logged.\(lab.domain) --manifest \(manifest) --ct-log-list \(logList) "
                    + "--require-ct")
        } else {
            lines.append("  pinbench inspect good.\(lab.domain) --connect \(lab.endpoint) --ca-bundle \(root)")
        }
        lines.append(
            "  openssl s_client -connect \(lab.endpoint) -servername good.\(lab.domain) -CAfile \(root)")
        lines.append("")
        let rotating = lab.scenario(.rotating).host
        lines.append(
            "Rotation: \(rotating) serves \(lab.rotation); kill -USR1 \(getpid()) switches it to the next chain ("
                + LabRotation.allCases.map(\.rawValue).joined(separator: " -> ") + " -> today)")
        if let manifest {
            lines.append("  pinbench forecast --live --manifest \(manifest)    # the demo releases beside it")
        }
        lines.append("")
        lines.append("CT logs: every certificate the lab serves, the rotation's included, is logged in both")
        for log in lab.ctLogList.logs {
            let api = log.monitoringURL == nil ? "RFC 6962" : "static-ct-api"
            lines.append("  \(log.description): \(log.monitoringURL ?? log.url ?? "") (\(api))")
        }
        if let manifest {
            lines.append("  pinbench watch --ct-log-list \(logList) --manifest \(manifest) --once")
        }
        lines.append("")
        lines.append("ready")
        return lines
    }

    /// `path` as one shell word (quoted when it must be), or as it is when it holds a character no quoting carries.
    private static func word(_ path: String) -> String { ShellEncoding.word(path) ?? path }
}
