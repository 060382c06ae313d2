import ArgumentParser
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
        commandName: "set",
        abstract: "Set a domain's mode, includeSubdomains, expires, port or connect address.",
        discussion: """
            Settings not named stay as they are. The domain must already be in the manifest (`pinbench pin add` \
            creates it). Writes behind the lint gate, as `pin add` does: switching a domain with one pin to \
            enforce is refused unless --allow-lint-errors is given. `none` clears expires or connect.

            Examples:
              pinbench domain set api.example.com --mode enforce --expires 2027-06-30
              pinbench domain set api.example.com --connect 10.0.0.5:8443 --port 443
              pinbench domain set api.example.com --expires none --include-subdomains true --json
            """
    )

    @Argument(help: "The domain to change (as it appears in the manifest).")
    var host: String

    @Option(help: "enforce (a mismatch blocks) or report-only (a mismatch is reported).")
    var mode: EnforcementMode?

    @Option(
        name: .customLong("include-subdomains"),
        help: ArgumentHelp("true: the pins also cover every subdomain; false: this host only.", valueName: "bool"))
    var includeSubdomains: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The day the pins lapse (YYYY-MM-DD, UTC), or none.", valueName: "date|none"))
    var expires: String?

    @Option(parsing: .unconditional, help: "The port to check (1-65535).")
    var port: String?

    @Option(
        help: ArgumentHelp(
            "Dial this ADDRESS:PORT instead of the host (SNI and checks still use the host), or none.",
            valueName: "addr|none"))
    var connect: String?

    @Flag(help: "Print the outcome as JSON.")
    var json = false

    @OptionGroup var write: ManifestWriteOptions

    func validate() throws {
        if mode == nil && includeSubdomains == nil && expires == nil && port == nil && connect == nil {
            throw ValidationError(
                "Name at least one setting: --mode, --include-subdomains, --expires, --port or --connect.")
        }
    }

    func run() throws {
        let host = try HostArgument.parse(self.host).text
        // Every value is checked before the manifest is touched: a typo changes nothing.
        let change = try settingsChange()
        let url = write.url
        let (outcome, domain) = try write.update(createIfMissing: false) { manifest in
            try UnknownDomainError.check(host, in: manifest, url: url)
            let outcome = ManifestEditor.updateSettings(host: host, in: &manifest, change.apply)
            return (outcome, manifest.indexOfDomain(host).map { manifest.domains[$0] })
        }
        EditReport.print(outcome, domain: domain, host: host, url: url, json: json)
    }

    private func settingsChange() throws -> DomainSettingsChange {
        do {
            return try DomainSettingsChange(
                mode: mode, includeSubdomains: includeSubdomains, expires: expires, port: port, connect: connect)
        } catch {
            throw CLIFailure("--\(Self.optionName(error.field)) \"\(error.text)\" is not usable: \(error.explanation)")
        }
    }

    private static func optionName(_ field: DomainSettingsError.Field) -> String {
        switch field {
        case .mode: return "mode"
        case .includeSubdomains: return "include-subdomains"
        case .expires: return "expires"
        case .port: return "port"
        case .connect: return "connect"
        }
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
