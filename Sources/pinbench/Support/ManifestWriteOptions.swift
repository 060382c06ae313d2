import ArgumentParser
import Foundation
import ManifestFiles
import PinningCore

/// `--allow-lint-errors` and `--manifest`: the flags of every command that changes the manifest, which writes it
/// behind the lint gate (``LintGate``).
struct ManifestWriteOptions: ParsableArguments {
    @Flag(name: .customLong("allow-lint-errors"), help: "Write even if lint finds errors (risks a lockout).")
    var allowLintErrors = false

    @OptionGroup var manifestOptions: ManifestOptions

    /// The manifest the command changes.
    var url: URL { manifestOptions.url }

    /// The lint gate for `manifest` as it is about to be written to ``url``: the `beforeWriting` of
    /// ``ManifestStore/update(at:createIfMissing:lockTimeout:beforeWriting:_:)``, run under the manifest's lock.
    func gate(_ manifest: PinManifest) throws {
        try LintGate.check(manifest, writingTo: url, allowErrors: allowLintErrors)
    }

    /// `edit` applied to the manifest at ``url`` under its lock, written behind ``gate(_:)``
    /// (``ManifestStore/update(at:createIfMissing:lockTimeout:beforeWriting:_:)``).
    func update<Result>(createIfMissing: Bool = true, _ edit: (inout PinManifest) throws -> Result) throws -> Result {
        try ManifestStore.update(at: url, createIfMissing: createIfMissing, beforeWriting: gate, edit)
    }
}
