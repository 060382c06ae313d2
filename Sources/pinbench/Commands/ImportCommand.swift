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

    @Flag(name: .customLong("allow-lint-errors"), help: "Write even if lint finds errors (risks a lockout).")
    var allowLintErrors = false

    @OptionGroup var manifestOptions: ManifestOptions

    func run() throws {
        let imported: ImportedConfiguration
        do {
            imported = try ConfigurationImporter.read(URL(fileURLWithPath: file), as: format)
        } catch {
            throw CLIFailure(error.description)
        }
        let url = manifestOptions.url
        let note = "imported from \(format.displayName) (\(URL(fileURLWithPath: file).lastPathComponent))"
        var changes: [ImportChange] = []
        var refusal: Error?
        if dryRun {
            var manifest = try ManifestStore.loadOrCreate(url).manifest
            changes = ImportMerge.apply(imported, to: &manifest, added: Date(), note: note)
            if changes.contains(where: { $0.action != .alreadyPinned }) {
                do {
                    try LintGate.check(manifest, writingTo: url, allowErrors: allowLintErrors)
                } catch {
                    refusal = error
                }
            }
        } else {
            do {
                try ManifestStore.update(
                    at: url,
                    beforeWriting: { try LintGate.check($0, writingTo: url, allowErrors: allowLintErrors) }
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
        let changed = changes.contains { $0.action != .alreadyPinned }
        let outcome: ImportReport.Outcome =
            refusal != nil ? .refused : !changed ? .unchanged : dryRun ? .dryRun : .written
        report(ImportReport(imported: imported, changes: changes, manifest: url.path, outcome: outcome))
        if let refusal {
            if let failure = refusal as? CLIFailure { Output.note("dry run: " + failure.message) }
            throw ExitCode.rejected
        }
    }

    private func report(_ report: ImportReport) {
        if json {
            Output.json(report)
            return
        }
        for change in report.changes { Output.line(change.description) }
        if !report.notCarried.isEmpty {
            Output.line("Not carried (\(counted(report.notCarried.count, "item"))):")
            for skip in report.notCarried { Output.line("  " + skip.description) }
        }
        let changed = counted(report.changes.filter { $0.action != .alreadyPinned }.count, "change")
        switch report.outcome {
        case .unchanged: Output.line("\(report.manifest): nothing to change.")
        case .written: Output.line("\(changed); wrote \(report.manifest)")
        case .dryRun: Output.line("\(changed) would be made to \(report.manifest) (dry run; nothing written)")
        case .refused:
            Output.line(
                "\(changed) refused by the lint gate (its findings are on standard error); nothing written to "
                    + report.manifest)
        }
    }
}

/// `import --json`: what the file held, what changed, what could not be carried.
struct ImportReport: Encodable {
    /// What became of the changes: `written` and `refusedByLint` in the JSON say the same.
    enum Outcome {
        case written, unchanged, dryRun, refused
    }

    let format: String
    let manifest: String
    let written: Bool
    /// True when the lint gate refused the changes (nothing written; `changes` lists what was refused).
    let refusedByLint: Bool
    let changes: [ImportChange]
    let notCarried: [ImportSkip]
    let outcome: Outcome

    init(imported: ImportedConfiguration, changes: [ImportChange], manifest: String, outcome: Outcome) {
        format = imported.format.rawValue
        self.manifest = manifest
        self.outcome = outcome
        written = outcome == .written
        refusedByLint = outcome == .refused
        self.changes = changes
        notCarried = imported.notCarried
    }

    private enum CodingKeys: String, CodingKey {
        case format, manifest, written, refusedByLint, changes, notCarried
    }
}

extension ImportFormat: ExpressibleByArgument {}
