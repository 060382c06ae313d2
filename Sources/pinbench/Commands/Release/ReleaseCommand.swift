import ArgumentParser
import Foundation
import ManifestFiles
import PinForecast
import PinningCore
import ReleaseHistory

/// `pinbench release`: the app versions in the field, whose pins the lockout forecast judges.
struct ReleaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Keep the list of shipped app versions and where their pins come from.",
        discussion: ReleaseHelp.overview,
        subcommands: [ReleaseAddCommand.self, ReleaseListCommand.self, ReleaseRemoveCommand.self]
    )
}

/// `pinbench release list`.
struct ReleaseListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the shipped releases.",
        discussion: """
            Examples:
              pinbench release list
              pinbench release list --manifest app/pins.json --json
            """
    )

    @Flag(help: "Print the releases file's content as JSON.")
    var json = false

    @OptionGroup var manifestOptions: ManifestOptions

    func run() throws {
        let list = try ReleaseLoader(manifest: manifestOptions.url).list()
        Output.report(list, json: json, lines: list.textLines)
    }
}

/// `pinbench release remove NAME`.
struct ReleaseRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a release from the list (its users have updated).",
        discussion: """
            Examples:
              pinbench release remove 4.1
            """
    )

    @Argument(help: "The release's name, exactly as listed.")
    var name: String

    @OptionGroup var manifestOptions: ManifestOptions

    func run() throws {
        let loader = ReleaseLoader(manifest: manifestOptions.url)
        try loader.remove(named: name)
        Output.line("Removed release \(name); wrote \(loader.releasesFile.path)")
    }
}
