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

    @Flag(name: .customLong("allow-lint-errors"), help: "Write even if lint finds errors (risks a lockout).")
    var allowLintErrors = false

    @Flag(help: "Print the outcome as JSON.")
    var json = false

    @OptionGroup var manifestOptions: ManifestOptions

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
        let url = manifestOptions.url
        let (outcome, domain) = try ManifestStore.update(
            at: url,
            createIfMissing: false,
            beforeWriting: { try LintGate.check($0, writingTo: url, allowErrors: allowLintErrors) }
        ) { manifest in
            try KnownDomain.require(host, in: manifest, url: url)
            let outcome = ManifestEditor.updateSettings(host: host, in: &manifest, change)
            return (outcome, manifest.indexOfDomain(host).map { manifest.domains[$0] })
        }
        EditReport.print(outcome, domain: domain, host: host, url: url, json: json)
    }

    private func settingsChange() throws -> (inout DomainSettings) -> Void {
        do {
            let include = try includeSubdomains.map { text throws(DomainSettingsError) in
                try DomainSettings.parseBool(text)
            }
            let expires = try self.expires.map { text throws(DomainSettingsError) in
                try DomainSettings.parseExpires(text)
            }
            let port = try self.port.map { text throws(DomainSettingsError) in try DomainSettings.parsePort(text) }
            let connect = try self.connect.map { text throws(DomainSettingsError) in
                try DomainSettings.parseConnect(text)
            }
            let mode = self.mode
            return { settings in
                if let mode { settings.mode = mode }
                if let include { settings.includeSubdomains = include }
                if let expires { settings.expires = expires }
                if let port { settings.port = port }
                if let connect { settings.connect = connect }
            }
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

/// The refusal of an edit to a domain the manifest does not have: nothing is created by a typo.
enum KnownDomain {
    static func require(_ host: String, in manifest: PinManifest, url: URL) throws {
        guard manifest.indexOfDomain(host) == nil else { return }
        let known = manifest.domains.count
        throw CLIFailure(
            "\(host) is not in \(url.path) (it has \(counted(known, "domain"))); nothing changed. "
                + "Check the spelling with `pinbench lint`, or create the domain with "
                + "`pinbench pin add \(host) --chain FILE --level N`.")
    }
}

/// What `domain set` and `pin note` print: one line, or JSON for scripts.
enum EditReport {
    struct JSON: Encodable {
        let host: String
        let changed: Bool
        let message: String
        let manifest: String
        let domain: DomainPolicy?
    }

    /// `domain` is the domain as written (or as found, when nothing changed).
    static func print(_ outcome: ManifestEditor.Outcome, domain: DomainPolicy?, host: String, url: URL, json: Bool) {
        if json {
            Output.json(
                JSON(
                    host: host, changed: outcome.didChange, message: outcome.description, manifest: url.path,
                    domain: domain
                ))
            return
        }
        Output.line(outcome.didChange ? "\(outcome.description); wrote \(url.path)" : outcome.description)
    }
}
