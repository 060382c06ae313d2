import ArgumentParser
import Foundation
import LiveCheck
import ReleaseHistory

/// `pinbench diff`: what a change to the manifest means for pins, and whether it could lock users out.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two versions of the manifest, and its lockout risk.",
        discussion: """
            Each side is a manifest file or a git revision of the manifest (--manifest, default pins.json), read \
            as the revision's tree has it (a committed symbolic link is followed inside the repository, never out of \
            it), or a release of the releases file (--old-release/--new-release NAME: the pins it shipped, from its build, \
            revision or file). Choose explicitly with --old-file/--old-rev and --new-file/--new-rev. A positional \
            OLD or NEW is a \
            file when it starts with /, ./ or ../ or when only a file has that name, and a revision when only a \
            revision has it; a word naming both (a file called main, HEAD or a tag's name) is refused until you \
            choose: --old-file main (or ./main) for the file, --old-rev main for the revision. No sides: HEAD against the working file. One side: that revision or file against the working \
            file. Two: the first against the second.

            Per domain: domains added and removed; mode, includeSubdomains, port, connect and expires changes; pins \
            added, removed, and changed (role, position, label, note, dates); trust anchors added and removed. Order \
            and formatting do not count.

            Lockout risk: for every added or changed enforced domain, does the new pin set keep at least two pins \
            and a backup (lint's too-few-pins and no-backup-pin, judged always), and (with --served HOST=FILE or \
            --live) does it still match the chain the server serves (as `validate` matches it: on the verified path), \
            and does it keep a backup pin outside that chain? A served HOST is judged under the policy that governs \
            it (its own domain, or a parent with includeSubdomains). Each served chain is judged with each side's \
            trust anchors, read from the folder of the manifest that names them (or at its revision; one that \
            cannot be read is an error): a chain that fails default trust is a risk in every mode, report-only \
            included, and so is dropping a trust anchor the chain needs (then every domain is judged, changed or \
            not). Risks the domain already had before the change are shown but do not fail.

            With --clients (the clients the manifest is exported to: all, or a list such as urlsession,okhttp,curl), \
            every added or changed domain is also judged by lint's client rules: a pin some of them can never match, \
            or a domain TrustKit refuses, is a `! CLIENTS` warning naming them (`clientWarnings` in --json), marked \
            when the domain had it before. Warnings do not change the exit status.

            Exit status: 0 no risky change, 1 a change that brings in a lockout risk, 2 bad input (an unreadable \
            side, an unknown revision, an ambiguous side, outside a git repository).

            Examples:
              pinbench diff                                  # uncommitted changes to pins.json
              pinbench diff HEAD~1                           # since the previous commit
              pinbench diff main feature --manifest app/pins.json
              pinbench diff --old-rev main --new-file main   # rev main, file named main
              pinbench diff old.json new.json --served api.example.com=served.pem --json
              pinbench diff origin/main --live               # in CI, against what the servers serve now
              pinbench diff HEAD~1 --clients urlsession,okhttp,curl
              pinbench diff --old-release 4.1 --new-release 4.2 # what the next build changes, from the builds
            """
    )

    @Argument(help: "The old side: a manifest file or a git revision (default: HEAD).")
    var old: String?

    @Argument(help: "The new side: a manifest file or a git revision (default: the working file).")
    var new: String?

    @Option(name: .customLong("old-file"), help: "The old side is this manifest file.")
    var oldFile: String?

    @Option(name: .customLong("old-rev"), help: "The old side is this git revision of the manifest.")
    var oldRevision: String?

    @Option(name: .customLong("new-file"), help: "The new side is this manifest file.")
    var newFile: String?

    @Option(name: .customLong("new-rev"), help: "The new side is this git revision of the manifest.")
    var newRevision: String?
    @Option(name: .customLong("old-release"), help: "The old side is this release's pins (releases file).")
    var oldRelease: String?
    @Option(name: .customLong("new-release"), help: "The new side is this release's pins (releases file).")
    var newRelease: String?

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var trust: TrustOptions
    @OptionGroup var servedOptions: ServedOptions
    @OptionGroup var probeSettings: ProbeSettings

    @Flag(help: "Fetch the chain of every added or changed domain live, for the lockout risk.")
    var live = false

    @Option(help: ClientSelection.lintHelp)
    var clients: ClientSelection?

    @Flag(help: "Print the diff as JSON.")
    var json = false

    func validate() throws {
        if live && !servedOptions.served.isEmpty {
            throw ValidationError("give either --served or --live, not both.")
        }
        do { _ = try explicitSides() } catch { throw ValidationError(error.message) }
    }

    private func explicitSides() throws(DiffSideChoiceError) -> (old: DiffSide?, new: DiffSide?) {
        try DiffSide.explicit(
            oldFile: oldFile, oldRevision: oldRevision, newFile: newFile, newRevision: newRevision,
            oldRelease: oldRelease, newRelease: newRelease, positional: [old, new].compactMap { $0 }.count)
    }

    func run() async throws {
        let manifestURL = manifestOptions.url
        let explicit = try explicitSides()
        let (oldSide, newSide) = try DiffSide.sides(
            explicitOld: explicit.old, explicitNew: explicit.new, words: [old, new].compactMap { $0 },
            manifest: manifestURL)
        let name = manifestOptions.manifest ?? "pins.json"
        let before = try LoadedSide.load(oldSide, manifest: manifestURL, manifestName: name)
        let after = try LoadedSide.load(newSide, manifest: manifestURL, manifestName: name)
        // Risks of the pin sets themselves (too few pins, no backup) are judged always; those against the chain a
        // server serves need --served or --live.
        let served: DiffRun.Served =
            live
            ? .live(deadline: probeSettings.deadline)
            : servedOptions.served.isEmpty ? .none : .given(try servedOptions.entries())
        let trust = self.trust
        let report = try await DiffRun(
            before: before, after: after, served: served, clients: clients?.clients,
            anchors: { try trust.anchors(for: $0) }
        ).run(at: Date())
        Output.report(report, json: json, lines: report.lines)
        if report.assessment.isRisky { throw ExitCode.rejected }
    }
}
