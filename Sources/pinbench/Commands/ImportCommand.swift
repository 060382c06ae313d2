import ArgumentParser
import Foundation
import ManifestFiles
import PinImport
import PinningCore

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge an app's existing pinning configuration (TrustKit, Android, ATS) into the manifest.",
        discussion: """
            Formats: trustkit (TSKPinnedDomains in an Info.plist or a standalone plist, XML or binary), android \
            (network_security_config.xml), ats (NSAppTransportSecurity › NSPinnedDomains in an Info.plist). \
            Domains and pins are added, the settings the file states (includeSubdomains; TrustKit's enforce and \
            expiry, Android's expiration) are set, and no pin is ever removed. Imported pins are active: no \
            format says which pin is the backup, so mark it with `b` in the workbench or edit its role.

            Everything the manifest cannot carry is listed, item by item, with why (SHA-1 digests, report URIs, \
            per-domain trust anchors, unknown keys...). Writes behind the lint gate, as `pin add` does; \
            --dry-run shows the changes and lint's verdict without writing.

            Examples:
              pinbench import trustkit App/Info.plist --dry-run
              pinbench import android app/src/main/res/xml/network_security_config.xml --manifest pins.json
              pinbench import ats App/Info.plist --json
            """
    )

    @Argument(help: "One of: \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ImportFormat

    @Argument(help: "The configuration file to read.")
    var file: String

    @Flag(help: "Show what would change; write nothing.")
    var dryRun = false

    @Flag(help: "Print the changes and the items not carried as JSON.")
    var json = false

    @OptionGroup var write: ManifestWriteOptions

    func run() throws {
        let imported = try ConfigurationImporter.read(URL(fileURLWithPath: file), as: format)
        let url = write.url
        let note = "imported from \(format.displayName) (\(URL(fileURLWithPath: file).lastPathComponent))"
        let result = try ImportRun(imported: imported, note: note, manifest: url, dryRun: dryRun).run(
            beforeWriting: write.gate)
        // A refusal shows what the import would have changed, and what the file could not carry, so that it can be
        // acted on.
        let report = ImportReport(
            imported: imported, changes: result.changes, manifest: url.path, outcome: result.outcome)
        Output.report(report, json: json, lines: report.lines)
        guard let refusal = result.refusal else { return }
        guard dryRun else { throw refusal }
        if let failure = refusal as? CLIFailure { Output.note("dry run: " + failure.message) }
        throw ExitCode.rejected
    }
}

extension ImportFormat: ExpressibleByArgument {}
