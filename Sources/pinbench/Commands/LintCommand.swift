import ArgumentParser
import Foundation
import PinningCore
import X509

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the manifest for pins that would lock an app out (the lockout guard).",
        discussion: """
            Errors: an enforced domain with fewer than two pins, a pin value that is not base64 of 32 bytes, a \
            duplicate domain, an unreadable trust anchor, a pin label over 200 or a note over 1000 characters. \
            Warnings: no backup pin (or every backup in the served \
            chain), every pin on a leaf expiring within 30 days, an expires date in the past, pins that match \
            nothing the server presents (with --served).

            Exit status: 0 no errors (warnings allowed), 1 errors, 2 bad input.

            Examples:
              pinbench lint
              pinbench lint --manifest app/pins.json --served api.example.com=served.pem --json
            """
    )

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var time: TimeOptions

    @Option(
        name: .customLong("served"),
        help: ArgumentHelp(
            "HOST=FILE: the chain a host serves today, for the rules that compare with it.", valueName: "host=file")
    )
    var served: [String] = []

    @Flag(help: "Print the findings as JSON.")
    var json = false

    func run() throws {
        let document = try ManifestStore.load(manifestOptions.url)
        var chains: [String: [Certificate]] = [:]
        for entry in served {
            guard let separator = entry.firstIndex(of: "="), separator != entry.startIndex else {
                throw CLIFailure("--served \(entry): expected HOST=FILE")
            }
            let host = try HostArgument.parse(String(entry[..<separator])).text
            chains[host] = try ChainFile.read(String(entry[entry.index(after: separator)...]))
        }
        let findings = ManifestLinter().lint(
            document.manifest,
            now: try time.date(),
            servedChains: chains,
            missingTrustAnchors: LintGate.missingAnchors(document)
        )
        if json {
            Output.json(findings)
        } else if findings.isEmpty {
            Output.line("\(document.url.path): no findings in \(counted(document.manifest.domains.count, "domain")).")
        } else {
            for finding in findings { Output.line(finding.formatted) }
            Output.line(LintTally(findings).summary + ".")
        }
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode.rejected }
    }
}

/// The gate in front of every write: lint errors block it unless the user overrides, and then it says what it risks.
enum LintGate {
    static func missingAnchors(_ document: ManifestDocument) -> [String] {
        missingAnchors(document.manifest, at: document.url)
    }

    static func missingAnchors(_ manifest: PinManifest, at url: URL) -> [String] {
        let folder = url.deletingLastPathComponent()
        return manifest.trustAnchors.filter { path in
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            return !FileManager.default.isReadableFile(atPath: url.path)
        }
    }

    /// Lets the write of `manifest` to `url` go ahead unless lint finds errors and `allowErrors` is false. Prints the
    /// findings either way. Run by ``ManifestStore/update(at:createIfMissing:lockTimeout:beforeWriting:_:)`` under
    /// the manifest's lock, so it judges exactly what is written.
    static func check(_ manifest: PinManifest, writingTo url: URL, allowErrors: Bool) throws {
        let findings = ManifestLinter().lint(
            manifest,
            now: Date(),
            missingTrustAnchors: missingAnchors(manifest, at: url)
        )
        let errors = findings.filter { $0.severity == .error }
        for finding in findings { Output.note(finding.formatted) }
        if !errors.isEmpty {
            let hosts = Set(errors.compactMap(\.host)).sorted().joined(separator: ", ")
            let risk =
                "an app shipping this manifest may lock its users out of \(hosts.isEmpty ? "its servers" : hosts)"
            guard allowErrors else {
                throw CLIFailure(
                    "refusing to write \(url.path): \(counted(errors.count, "lint error")); "
                        + "\(risk). Fix them, or re-run with --allow-lint-errors to write anyway.",
                    exitCode: .rejected
                )
            }
            Output.note("warning: writing despite lint errors (--allow-lint-errors): \(risk).")
        }
    }
}
