import ArgumentParser
import Foundation
import PinForecast
import PinningCore
import ReleaseHistory

/// `pinbench release add`: a shipped app version, or every git tag matching a pattern.
struct ReleaseAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a shipped release: where its pins come from, when it shipped, its share of installs.",
        discussion: ReleaseHelp.addDiscussion
    )

    @Argument(help: "The release's name (an app version such as 4.2); a build's own version by default.")
    var name: String?

    @Option(help: ArgumentHelp("A git revision of the manifest, a file, or a build.", valueName: "rev|file|build"))
    var from: String?

    @Option(help: ArgumentHelp("With a revision: the file to read at it, if not the manifest.", valueName: "file"))
    var path: String?

    @Option(help: "How the source is written: manifest, trustkit, android or ats.")
    var format: ReleaseEntry.Format = .manifest

    @Option(parsing: .unconditional, help: ArgumentHelp("The day it shipped (YYYY-MM-DD).", valueName: "date"))
    var shipped: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Its share of active installs, in percent (0 to 100).", valueName: "pct"))
    var share: Double?

    @Option(help: ArgumentHelp("Add every git tag matching GLOB as a release.", valueName: "glob"))
    var tags: String?

    @OptionGroup var manifestOptions: ManifestOptions

    func validate() throws {
        // Checked before the releases file is locked: a value the file cannot hold never reaches its writer.
        if let share { try OptionRange.check(share, 0...100, option: "--share", unit: "percent") }
        do { _ = try source() } catch { throw ValidationError(error.message) }
    }

    func run() throws {
        let addition = ReleaseAddition(try source(), path: path, format: format)
        Output.lines(try addition.run(ReleaseLoader(manifest: manifestOptions.url)))
    }

    private func source() throws(ReleaseAdditionError) -> ReleaseAddition.Source {
        try .chosen(name: name, from: from, shipped: shipped, share: share, tags: tags)
    }
}

extension ReleaseEntry.Format: ExpressibleByArgument {}
