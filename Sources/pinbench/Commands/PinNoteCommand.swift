import ArgumentParser
import Foundation
import ManifestEditing
import ManifestFiles
import ManifestLint
import PinningCore

struct PinNoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Set or clear the note of a pin: why it exists, for the reviewer.",
        discussion: """
            The pin is named by its value. An empty TEXT removes the note. A note is one line of visible text: \
            control, line-break, bidirectional and invisible characters are refused (as in the workbench). Writes behind the lint gate, as \
            `pin add` does (a note over \(ManifestLinter.maximumNoteLength) characters is a lint error).

            Examples:
              pinbench pin note api.example.com 'r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=' "offline backup key, safe B"
              pinbench pin note api.example.com 'r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=' ""
            """
    )

    @Argument(help: "The host whose pin to annotate.")
    var host: String

    @Argument(help: "The pin value (44 base64 characters).")
    var value: String

    @Argument(help: "The note; empty removes it.")
    var text: String

    @Flag(help: "Print the outcome as JSON.")
    var json = false

    @OptionGroup var write: ManifestWriteOptions

    func run() throws {
        let host = try HostArgument.parse(self.host).text
        if let problem = PinText.problem(text) { throw CLIFailure("the note " + problem) }
        let url = write.url
        let (outcome, domain) = try write.update(createIfMissing: false) { manifest in
            try UnknownDomainError.check(host, in: manifest, url: url)
            let outcome = ManifestEditor.setNote(text, value: value, host: host, in: &manifest)
            // A pin that is not there is an error for a script, as for `pin remove`.
            if !outcome.didChange, manifest.policy(for: host)?.pins.contains(where: { $0.value == value }) != true {
                throw CLIFailure(
                    outcome.description + "; `pinbench check \(host)` or the workbench's Pins pane lists them")
            }
            return (outcome, manifest.indexOfDomain(host).map { manifest.domains[$0] })
        }
        EditReport.print(outcome, domain: domain, host: host, url: url, json: json)
    }
}
