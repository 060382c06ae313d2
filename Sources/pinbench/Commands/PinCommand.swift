import ArgumentParser
import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore

struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Add, remove or annotate pins without the terminal UI.",
        subcommands: [PinAddCommand.self, PinRemoveCommand.self, PinNoteCommand.self]
    )
}

struct PinAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Pin the key or the certificate at one level of a chain.",
        discussion: """
            Level 0 is the leaf, 1 the certificate that signed it, and so on. A new domain starts in report-only \
            mode, so that a single pin cannot lock anyone out; switch it to enforce with --mode enforce once it \
            has a backup pin. Writes behind the lint gate: a manifest with lint errors is not written unless \
            --allow-lint-errors is given.

            Examples:
              pinbench pin add api.example.com --chain served.pem --level 0
              pinbench pin add api.example.com --chain served.pem --level 1 --backup --note "issuing CA key"
              pinbench pin add api.example.com --chain served.pem --level 0 --type cert --mode enforce
            """
    )

    @Argument(help: "The host the pin applies to.")
    var host: String

    @Option(help: "The chain to take the certificate from, leaf first (PEM or DER).")
    var chain: String

    @Option(parsing: .unconditional, help: "Which certificate of the chain: 0 is the leaf.")
    var level: Int

    @Option(help: "spki (the public key; survives renewals with the same key) or cert (the whole certificate).")
    var type: PinKind = .spki

    @Flag(help: "Add the pin as a backup (kept for a planned rotation) rather than active.")
    var backup = false

    @Option(help: "Why this pin exists, for the reviewer.")
    var note: String?

    @Option(help: "Set the domain's mode: enforce or report-only. Default: unchanged, report-only for a new domain.")
    var mode: EnforcementMode?

    @OptionGroup var write: ManifestWriteOptions

    func run() throws {
        let host = try HostArgument.parse(self.host).text
        if let note, let problem = PinText.problem(note) { throw CLIFailure("--note " + problem) }
        let certificates = try ChainFile.read(chain)
        let role: PinRole = backup ? .backup : .active
        guard
            let pin = Pin(chain: certificates, level: level, type: type.pinType, role: role, added: Date(), note: note)
        else {
            throw CLIFailure(
                "--level \(level) is out of range: \(chain) holds \(counted(certificates.count, "certificate")) "
                    + "(levels 0...\(certificates.count - 1))"
            )
        }
        let url = write.url
        // Locked read-modify-write: the pin is added to the file as it is now, so a concurrent writer's pins stay.
        let (outcome, modeSet) = try write.update { manifest in
            ManifestEditor.addPin(pin, host: host, to: &manifest, mode: mode)
        }
        let text = outcome.description + (modeSet.map { "; mode set to \($0.rawValue)" } ?? "")
        guard outcome.didChange || modeSet != nil else {
            Output.line(text)
            return
        }
        Output.line("\(text) (\(pin.label ?? "")); wrote \(url.path)")
    }
}

struct PinRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a pin by its value.",
        discussion: """
            Writes behind the lint gate: removing the second-to-last pin of an enforced domain is refused unless \
            --allow-lint-errors is given.

            Example:
              pinbench pin remove api.example.com 'r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E='
            """
    )

    @Argument(help: "The host whose pin to remove.")
    var host: String

    @Argument(help: "The pin value (44 base64 characters).")
    var value: String

    @OptionGroup var write: ManifestWriteOptions

    func run() throws {
        let host = try HostArgument.parse(self.host).text
        let url = write.url
        let outcome = try write.update(createIfMissing: false) { manifest in
            ManifestEditor.removePin(value: value, host: host, from: &manifest)
        }
        guard outcome.didChange else {
            throw CLIFailure(outcome.description)
        }
        Output.line("\(outcome.description); wrote \(url.path)")
    }
}

/// `--type` values.
enum PinKind: String, ExpressibleByArgument, CaseIterable {
    case spki
    case cert

    var pinType: PinType { self == .spki ? .spkiSHA256 : .certSHA256 }
}

extension EnforcementMode: ExpressibleByArgument {}
