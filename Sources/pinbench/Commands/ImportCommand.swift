import ArgumentParser
import Foundation
import ManifestEditing
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
        let imported: ImportedConfiguration
        do {
            imported = try ConfigurationImporter.read(URL(fileURLWithPath: file), as: format)
        } catch {
            throw CLIFailure(error.description)
        }
        let url = write.url
        let note = "imported from \(format.displayName) (\(URL(fileURLWithPath: file).lastPathComponent))"
        var changes: [ImportChange] = []
        var refusal: Error?
        if dryRun {
            var manifest = try ManifestStore.loadOrCreate(url).manifest
            changes = ImportMerge.apply(imported, to: &manifest, added: Date(), note: note)
            if changes.contains(where: { $0.action != .alreadyPinned }) {
                do {
                    try write.gate(manifest)
                } catch {
                    refusal = error
                }
            }
        } else {
            do {
                try ManifestStore.update(
                    at: url,
                    beforeWriting: write.gate
                ) { manifest in
                    changes = ImportMerge.apply(imported, to: &manifest, added: Date(), note: note)
                }
            } catch let failure as CLIFailure {
                // Refused by the lint gate: show what the import would have changed, and what the file could not
                // carry, so the refusal can be acted on.
                report(ImportReport(imported: imported, changes: changes, manifest: url.path, outcome: .refused))
                throw failure
            }
        }
        let outcome = ImportReport.Outcome(changes, refused: refusal != nil, dryRun: dryRun)
        report(ImportReport(imported: imported, changes: changes, manifest: url.path, outcome: outcome))
        if let refusal {
            if let failure = refusal as? CLIFailure { Output.note("dry run: " + failure.message) }
            throw ExitCode.rejected
        }
    }

    private func report(_ report: ImportReport) {
        if json {
            Output.json(report)
        } else {
            Output.lines(report.lines)
        }
    }
}

extension ImportFormat: ExpressibleByArgument {}
