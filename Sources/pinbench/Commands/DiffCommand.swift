import ArgumentParser
import ChainProbe
import Foundation
import PinningCore

/// `pinbench diff`: what a change to the manifest means for pins, and whether it could lock users out.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two versions of the manifest, and its lockout risk.",
        discussion: """
            Each side is a manifest file, or else a git revision of the manifest (--manifest, default pins.json), \
            read with `git show REV:PATH`. No sides: HEAD against the working file. One side: that revision or \
            file against the working file. Two: the first against the second.

            Per domain: domains added and removed; mode, includeSubdomains, port, connect and expires changes; pins \
            added, removed, and changed (role, position, label, note, dates). Order and formatting do not count.

            Lockout risk: for every added or changed enforced domain, does the new pin set keep at least two pins \
            and a backup (lint's too-few-pins and no-backup-pin, judged always), and (with --served HOST=FILE or \
            --live) does it still match the chain the server serves (as `validate` matches it: on the verified path), \
            and does it keep a backup pin outside that chain? Risks the domain already had before the change are \
            shown but do not fail.

            Exit status: 0 no risky change, 1 a change that brings in a lockout risk, 2 bad input (an unreadable \
            side, an unknown revision, outside a git repository).

            Examples:
              pinbench diff                                  # uncommitted changes to pins.json
              pinbench diff HEAD~1                           # since the previous commit
              pinbench diff main feature --manifest app/pins.json
              pinbench diff old.json new.json --served api.example.com=served.pem --json
              pinbench diff origin/main --live               # in CI, against what the servers serve now
            """
    )

    @Argument(help: "The old side: a manifest file or a git revision (default: HEAD).")
    var old: String?

    @Argument(help: "The new side: a manifest file or a git revision (default: the working file).")
    var new: String?

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var trust: TrustOptions
    @OptionGroup var servedOptions: ServedOptions
    @OptionGroup var probeSettings: ProbeSettings

    @Flag(help: "Fetch the chain of every added or changed enforced domain live, for the lockout risk.")
    var live = false

    @Flag(help: "Print the diff as JSON.")
    var json = false

    func validate() throws {
        if live && !servedOptions.served.isEmpty {
            throw ValidationError("give either --served or --live, not both.")
        }
    }

    func run() async throws {
        let manifestURL = manifestOptions.url
        let oldSide = try load(old ?? "HEAD", defaultFile: manifestURL)
        let newSide = try new.map { try load($0, defaultFile: manifestURL) } ?? loadWorkingFile(manifestURL)
        let diff = ManifestDiff(from: oldSide.manifest, to: newSide.manifest)
        let now = Date()

        // Risks of the pin sets themselves (too few pins, no backup) are judged always; those against the chain a
        // server serves need --served or --live.
        var chains: [String: ServedChain] = [:]
        var unreachable: [String] = []
        let judgesServed = live || !servedOptions.served.isEmpty
        if judgesServed {
            let document = ManifestDocument(manifest: newSide.manifest, url: manifestURL, loadedFingerprint: nil)
            let anchors = try trust.anchors(for: document, skippingUnreadable: true)
            let validator = PinValidator(manifest: newSide.manifest, trustAnchors: anchors)
            if live {
                (chains, unreachable) = await liveChains(diff, validator: validator, anchors: anchors, now: now)
            } else {
                chains = try await servedOptions.chains(validator: validator, now: now)
            }
        }
        let assessment = diff.lockoutRisks(served: chains, now: now)

        if json {
            Output.json(
                DiffReport(
                    old: oldSide.name, new: newSide.name, diff: diff, assessment: assessment, unreachable: unreachable))
        } else {
            Output.line("--- \(oldSide.name)")
            Output.line("+++ \(newSide.name)")
            Output.lines(diff.lines(assessment: assessment).map(\.text))
            for host in unreachable { Output.line("? \(host): could not be reached, so its risk was not judged") }
            if !judgesServed && !assessment.unchecked.isEmpty {
                Output.line("(to judge them against what servers serve: give --served HOST=FILE or --live)")
            }
        }
        if assessment.isRisky { throw ExitCode.rejected }
    }

    /// A side as named on the command line: a file if one exists at that path, else a revision of the manifest.
    private func load(_ argument: String, defaultFile: URL) throws -> (name: String, manifest: PinManifest) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), !isFolder.boolValue {
            let document = try ManifestStore.load(URL(fileURLWithPath: argument))
            return (argument, document.manifest)
        }
        let (data, spec) = try GitRevisionReader.read(defaultFile, at: argument)
        return (spec, try ManifestCodec.decode(data, path: spec))
    }

    /// The working file; a manifest not created yet is empty (a diff against HEAD then shows every domain removed).
    private func loadWorkingFile(_ url: URL) throws -> (name: String, manifest: PinManifest) {
        (manifestOptions.manifest ?? "pins.json", try ManifestStore.loadOrCreate(url).manifest)
    }

    /// The chains of every added or changed enforced domain, fetched live and judged by `validator`; hosts that
    /// could not be reached are returned apart.
    private func liveChains(
        _ diff: ManifestDiff, validator: PinValidator, anchors: TrustAnchors, now: Date
    ) async -> ([String: ServedChain], [String]) {
        var targets: [ProbeTarget] = []
        var unreachable: [String] = []
        for change in diff.domains {
            guard let domain = change.new, domain.mode == .enforce, !domain.pins.isEmpty else { continue }
            do {
                targets.append(try ProbeTarget(host: domain.host, port: domain.port, connect: domain.connect))
            } catch {
                unreachable.append(domain.host)
            }
        }
        var chains: [String: ServedChain] = [:]
        let batch = ChainProber().probeAll(targets, options: probeSettings.options(anchors: anchors), concurrency: 16)
        for await outcome in batch {
            let host = targets[outcome.index].host
            guard case .success(let probe) = outcome.result,
                let inspection = try? await LiveInspection.judge(probe, validator: validator, at: now)
            else {
                unreachable.append(host)
                continue
            }
            chains[DomainPolicy(host: host).normalizedHost] = inspection.served
        }
        return (chains, unreachable.sorted())
    }
}
