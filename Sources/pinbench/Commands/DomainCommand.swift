import ArgumentParser
import CACatalog
import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore

struct DomainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "domain",
        abstract: "Change a domain's settings without the terminal UI.",
        subcommands: [DomainSetCommand.self]
    )
}

struct DomainSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: DomainSetHelp.abstract, discussion: DomainSetHelp.discussion)

    @Argument(help: "The domain to change (as it appears in the manifest).") var host: String
    @Option(help: .init(DomainSetHelp.mode)) var mode: EnforcementMode?
    @Option(name: .customLong("include-subdomains"), help: .init(DomainSetHelp.includeSubdomains, valueName: "bool"))
    var includeSubdomains: String?
    @Option(parsing: .unconditional, help: .init(DomainSetHelp.expires, valueName: "date|none")) var expires: String?
    @Option(parsing: .unconditional, help: .init(DomainSetHelp.port)) var port: String?
    @Option(help: .init(DomainSetHelp.connect, valueName: "addr|none")) var connect: String?
    @Option(name: .customLong("issuance-ca"), help: .init(DomainSetHelp.issuanceCA, valueName: "id"))
    var issuanceCA: String?
    @Option(name: .customLong("issuance-profile"), help: .init(DomainSetHelp.issuanceProfile, valueName: "name"))
    var issuanceProfile: String?
    @Option(
        name: .customLong("lifetime-days"), parsing: .unconditional,
        help: .init(DomainSetHelp.lifetimeDays, valueName: "days"))
    var lifetimeDays: String?
    @Option(name: .customLong("key-reuse"), help: .init(DomainSetHelp.keyReuse, valueName: "bool"))
    var keyReuse: String?
    @Flag(help: "Print the outcome as JSON.") var json = false
    @OptionGroup var write: ManifestWriteOptions

    func validate() throws {
        let given = [mode?.rawValue, includeSubdomains, expires, port, connect]
        if (given + [issuanceCA, issuanceProfile, lifetimeDays, keyReuse]).allSatisfy({ $0 == nil }) {
            throw ValidationError(DomainSetHelp.nothingNamed)
        }
    }

    func run() throws {
        let host = try HostArgument.parse(self.host).text
        // Every value is checked before the manifest is touched: a typo changes nothing.
        let change: DomainSettingsChange
        do {
            change = try DomainSettingsChange(
                mode: mode, includeSubdomains: includeSubdomains, expires: expires, port: port, connect: connect,
                issuanceCA: issuanceCA, issuanceProfile: issuanceProfile, lifetimeDays: lifetimeDays,
                keyReuse: keyReuse)
        } catch {
            throw CLIFailure(DomainSetHelp.refusal(error))
        }
        let url = write.url
        let (outcome, domain, manifest) = try write.update(createIfMissing: false) { manifest in
            try UnknownDomainError.check(host, in: manifest, url: url)
            let outcome = ManifestEditor.updateSettings(host: host, in: &manifest, change.apply)
            return (outcome, manifest.indexOfDomain(host).map { manifest.domains[$0] }, manifest)
        }
        let report = DomainEditReport(outcome, domain: domain, host: host, manifest: url)
        // The effective issuance after the change, from the declaration and the catalog (no chain is fetched here),
        // or why there is none (a catalog that cannot be read, written with --allow-lint-errors).
        guard change.touchesIssuance else { return Output.report(report, json: json, lines: [report.line]) }
        let shown = WithIssuancePlan(report, plan: IssuancePlan.result(of: host, in: manifest, at: url, on: Date()))
        Output.report(shown, json: json, lines: [report.line] + shown.lines)
    }
}

/// What `domain set` and `pin note` print: one line, or JSON for scripts.
enum EditReport {
    /// `domain` is the domain as written (or as found, when nothing changed).
    static func print(_ outcome: ManifestEditor.Outcome, domain: DomainPolicy?, host: String, url: URL, json: Bool) {
        let report = DomainEditReport(outcome, domain: domain, host: host, manifest: url)
        Output.report(report, json: json, lines: [report.line])
    }
}
