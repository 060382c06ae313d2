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
        discussion: DemoHelp.discussion
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
        // The field: a collector beside the manifest and the lab's simulated fleet posting to it (V shows them).
        let fleet = try DemoFleet.startWaiting(
            lab: lab, manifest: target.manifest, next: document.manifest, anchors: anchors, logs: watch.logs,
            replacing: !target.earlier.paths.isEmpty, database: display.reportsDB.map { URL(fileURLWithPath: $0) })
        written += DemoFleet.files(besideManifest: target.manifest, database: fleet.database)
        defer { fleet.stopWaiting() }
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
