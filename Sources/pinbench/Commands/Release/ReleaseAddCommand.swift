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
        discussion: """
            --from names where the release's pins are: a git revision of the manifest (read as `pinbench diff` \
            reads one: `git show REV:PATH`, a committed symbolic link followed inside the repository only), or a \
            file. A word starting with /, ./ or ../, or naming an existing file, is a file; any other word is a \
            revision; a word naming both is refused until you write ./WORD for the file. --format reads the source \
            as a PinBench manifest (default) or with an importer (trustkit, android, ats); for a revision of a file \
            other than the manifest, --path names it. The release's pins are read now: a source that cannot be \
            read is refused and nothing is written.

            --tags GLOB adds every git tag matching GLOB as a release of the manifest at that tag, dated by the tag \
            (tags already listed are kept as they are).

            The releases file (\(ReleaseList.fileName) beside the manifest) is written only under the manifest's \
            lock, atomically; a file that is not valid (duplicate names, unknown fields, more than \
            \(ReleaseList.maximumCount) releases, shares over 100 %) is refused with its line and column.

            Examples:
              pinbench release add 4.2 --from v4.2 --shipped 2026-03-01 --share 38
              pinbench release add 4.1 --from old/pins.json --share 20
              pinbench release add 3.9 --from ios/Info.plist --format trustkit --share 5
              pinbench release add 4.0 --from v4.0 --path app/src/main/res/xml/network_security_config.xml \
            --format android
              pinbench release add --tags 'v4.*'
            """
    )

    @Argument(help: "The release's name (an app version such as 4.2).")
    var name: String?

    @Option(help: ArgumentHelp("A git revision of the manifest, or a file.", valueName: "rev|file"))
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
