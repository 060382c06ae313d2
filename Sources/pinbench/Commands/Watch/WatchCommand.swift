import ArgumentParser
import CTWatch
import Foundation
import ManifestFiles
import PinningCore
import WorkbenchRuntime

/// `pinbench watch`: every certificate logged in CT for a pinned host, judged against each release before anyone
/// deploys it.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch Certificate Transparency logs for certificates of pinned hosts that a release would reject.",
        discussion: """
            Reads each log of --ct-log-list (or only those named with --log) forward from where the last run \
            stopped (\(WatchState.fileName) beside the manifest), and trusts nothing it has not verified: each tree \
            head's signature, that it extends the last one kept, and that the entries read hash to it. A log that \
            forks, rewinds, or serves entries that do not match is reported as misbehaving and its position is not \
            moved. Both log APIs are read: RFC 6962 (the list's `logs`) and static-ct-api tiles (`tiled_logs`).

            Every logged certificate whose names cover a pinned host (subdomains and wildcards included) is judged \
            for every release of `pinbench release list` and the working manifest ("next"): the path it would be \
            served on (the leaf, then the issuers the log names) under each release's pins, trust assumed. A \
            certificate that a release still enforcing pins would reject is a lockout waiting to be deployed (a \
            renewal with a new key, a new CA) or a mis-issuance.

            Exit status with --once: 0 nothing to act on; 1 a certificate would lock out a release (shipped ones; \
            the working manifest when there is no releases file); 3 a log misbehaved; 4 a log could not be read \
            this time, or only in part before its deadline (it is read on from where it stopped next run); 2 bad \
            input. A log that is slow or down is retried with backoff and only delays itself: each log is read for \
            at most --log-deadline seconds and its share of --round-deadline, what verified by then is kept (after \
            every verified stretch of entries), and the next log is read.

            Examples:
              # a first run: start at each log's latest tree head
              pinbench watch --ct-log-list log_list.json --from-now --once
              # then, from cron or CI, appending JSON lines for alerting
              pinbench watch --ct-log-list log_list.json --once --json >> ct.jsonl
              # keep watching, a round every ten minutes
              pinbench watch --ct-log-list log_list.json --interval 600
              # the lab's own logs (pinbench lab writes lab-ct-logs.json)
              pinbench watch --ct-log-list lab-ct-logs.json --once
            """
    )

    @OptionGroup var manifestOptions: ManifestOptions

    @Option(
        name: .customLong("ct-log-list"),
        help: ArgumentHelp("The log list (the public list's v3 JSON): each log's URL and key.", valueName: "file"))
    var ctLogList: String

    @Option(name: .customLong("log"), help: ArgumentHelp("Watch only this log (repeatable).", valueName: "url"))
    var logs: [String] = []

    @Flag(help: "Read each log once, report, and exit (for CI).")
    var once = false

    @Flag(name: .customLong("from-now"), help: "On a log met for the first time, start at its latest tree head.")
    var fromNow = false

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Seconds between rounds when not --once.", valueName: "seconds"))
    var interval: Double = 300

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Seconds allowed for each request to a log.", valueName: "seconds"))
    var timeout: Double = 15

    @Option(
        parsing: .unconditional, help: ArgumentHelp("The most entries read from one log per round.", valueName: "count")
    )
    var batch: Int = 10_000

    @Option(
        name: .customLong("log-deadline"), parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds one log may be read per round; what verified by then is kept, the rest is read next round.",
            valueName: "seconds"))
    var logDeadline: Double = 300

    @Option(
        name: .customLong("round-deadline"), parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds a whole round may take, each log its share; unset, --log-deadline times the logs.",
            valueName: "seconds"))
    var roundDeadline: Double?

    @Flag(help: "Print findings and log problems as JSON lines.")
    var json = false

    func validate() throws {
        try OptionRange.check(timeout, 0.001...300, option: "--timeout", unit: "seconds")
        try OptionRange.check(interval, 1...604_800, option: "--interval", unit: "seconds")
        try OptionRange.check(logDeadline, 1...86_400, option: "--log-deadline", unit: "seconds")
        if let roundDeadline {
            try OptionRange.check(roundDeadline, 1...864_000, option: "--round-deadline", unit: "seconds")
        }
        try OptionRange.check(batch, 1...1_000_000, option: "--batch", unit: "entries")
    }

    func run() async throws {
        let document = try manifestOptions.loadForReading()
        let watched = try WatchSetup.logs(listPath: ctLogList, urls: logs, timeout: timeout, batch: batch)
        for note in WatchReport.plainHTTPNotes(watched) { Output.note(note) }
        try WatchSetup.checkStateFile(besideManifest: manifestOptions.url, logList: ctLogList)
        let round = try WatchSetup.round(
            logs: watched, manifest: manifestOptions.url, next: document.manifest, fromNow: fromNow, budget: batch,
            deadlines: WatchRound.Deadlines(
                perLogSeconds: logDeadline, roundSeconds: roundDeadline, logs: watched.count))
        let printer = WatchPrinter(json: json)
        while true {
            let outcome = await round.run(report: printer.report)
            if once { throw ExitCode(outcome.exitStatus) }
            try await Task.sleep(for: .milliseconds(Int(interval * 1000)))
        }
    }
}
