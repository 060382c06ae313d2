import ArgumentParser
import CTWatch
import DemoLab
import Foundation
import PinForecast
import PinningCore
import TerminalBackend
import WorkbenchRuntime

/// `pinbench demo`: the offline demo lab plus the workbench on a manifest made for it.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open the workbench on an offline demo lab of local TLS servers (no internet needed).",
        discussion: """
            Starts TLS servers on 127.0.0.1 with a freshly generated PKI, one scenario per name under \
            pinbench.test (good, rotated, mitm, expired, wrong-host, self-signed, incomplete, weak, slow, tls11, \
            revoked, ct-logged, no-sct, rotating), writes a manifest with every scenario as a domain — some \
            already pinned, so the verdicts differ at first sight — and opens the workbench on it. The lab's keys \
            are new on every run, so the manifest is too: it goes to a temporary folder, or to --manifest FILE.

            Beside the manifest it also writes \(ReleaseList.fileName): three shipped app versions (1.0 whose pins \
            lapsed, 2.0 pinning only the leaf key, 2.1 pinning the CA key with a spare backup), each release's \
            pins in a manifest of its own (demo-pins-release-2.0.json and so on). The Forecast view, and \
            `pinbench forecast --live` on the demo manifest, show which of them a renewal with a new key or a \
            leaf from a sibling intermediate would lock out on rotating.pinbench.test (`pinbench lab` can switch \
            that host to each chain for real).

            The files of an earlier demo at the same --manifest (recognised by what they hold) are replaced, and the \
            demo says so; any other file in the way is refused and left as it is. A demo that cannot start (no \
            terminal on stdin and stdout, the lab not starting) leaves nothing behind.

            Try: select good.pinbench.test, Tab to the chain, p to pin a key, b to make it a backup, w to write.
            """
    )

    @Option(
        name: .shortAndLong,
        help: "Write the demo manifest here (an earlier demo's is replaced). Default: a temporary folder.")
    var manifest: String?

    @Option(help: "Colour theme.")
    var theme: String?

    @OptionGroup var display: DisplayOptions

    @Option(help: ClientSelection.lintHelp)
    var clients: ClientSelection?

    @Flag(help: "Check Certificate Transparency against the lab's own two CT logs (reported, as with --ct-log-list).")
    var checkCt = false

    @Flag(help: "Check CT against the lab's logs and reject a leaf that does not meet the policy.")
    var requireCt = false

    @Option(parsing: .unconditional, help: "Seconds allowed for each connection (dial and handshake): 0.001 to 120.")
    var timeout: Double = 3

    func validate() throws {
        try OptionRange.check(timeout, 0.001...120, option: "--timeout", unit: "seconds")
    }

    func run() throws {
        // Files in the way, then the terminal, before anything is started or written: a demo that cannot open the
        // workbench leaves nothing behind.
        let earlier = try manifest.map {
            try EarlierDemoFiles.find(
                besideManifest: URL(fileURLWithPath: $0), domain: DemoLabOptions().domain,
                hint: "Choose another path, or leave out --manifest for a temporary one.")
        }
        try Terminal.requireTerminal()
        let target = try DemoTarget.choose(manifest: manifest, earlier: earlier)
        var written: [URL] = []
        do {
            try run(writingTo: target, written: &written)
        } catch let exit as ExitCode {
            throw exit  // the workbench ran (and was ended by a signal): its files stay, as after `q`
        } catch {
            target.remove(written)
            throw error
        }
    }

    /// Starts the lab, writes its files (each added to `written` once it is), and opens the workbench on them.
    private func run(writingTo target: DemoTarget, written: inout [URL]) throws {
        let lab = try RunningLab.startForCommand()
        defer { lab.stop() }
        if !target.earlier.paths.isEmpty {
            Output.note(
                "replacing the files of an earlier demo (a demo's files fit only the lab that wrote them): "
                    + target.earlier.paths.joined(separator: ", "))
        }
        let (document, anchors) = try target.write(lab, written: &written)
        // The lab's two CT logs, watched from their start: the rotation story's certificates are in them (T).
        let watch = WatchSettings(
            logs: try WatchSetup.logs(
                list: lab.ctLogList, timeout: 15, batch: WatchSettings.budget,
                listName: "the lab's log list"),
            interval: .seconds(60), requestTimeout: 15, fromNow: false)
        try WorkbenchLauncher.run(
            document: document,
            anchors: anchors,
            themeName: theme,
            fetch: LiveChainFetch.make(deadline: .milliseconds(Int(timeout * 1000)), anchors: anchors),
            fetchAtStart: true,
            display: display,
            inputs: CommandInputs.manifestAndTrust(document, trust: nil),
            // CT only when asked: the lab's own logs, so the verdicts say which leaves meet the 2-log policy.
            transparency: checkCt || requireCt ? CTRequirement(logs: lab.ctLogList, required: requireCt) : nil,
            watch: watch,
            clients: clients?.clients ?? []
        )
        Output.note("demo manifest: \(target.manifest.path) (the lab and its keys are gone now)")
    }
}
