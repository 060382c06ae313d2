import ArgumentParser
import ReportCollector

/// `pinbench`: a certificate-pinning workbench. Each subcommand is a small struct in Commands/ (or ReportCollector).
struct PinBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pinbench",
        abstract: "Curate TLS certificate and public-key pins safely.",
        discussion: """
            Pins live in a manifest (pins.json by default) that apps and CI read through the same validation \
            core. Exit status: 0 success, 1 a rejection or lint errors, 2 bad input; `watch --once` also uses 3 \
            (a CT log misbehaved) and 4 (a log could not be read this time). Each command's --help gives its own.
            """,
        version: "0.1.0",
        subcommands: [
            WorkbenchCommand.self, PinsCommand.self, ValidateCommand.self, LintCommand.self, PinCommand.self,
            DomainCommand.self, ExportCommand.self, InspectCommand.self, CheckCommand.self, LabCommand.self,
            DemoCommand.self, ImportCommand.self, BackupKeyCommand.self,
            DiffCommand.self, ReleaseCommand.self, ForecastCommand.self, WatchCommand.self, ScanCommand.self,
            CACommand.self, DriftCommand.self, CollectCommand.self, ReportsCommand.self,
        ], defaultSubcommand: WorkbenchCommand.self
    )
}
