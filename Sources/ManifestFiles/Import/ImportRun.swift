import Foundation
import PinImport
import PinningCore

/// `import` as one use case: merge an app's configuration into the manifest behind the gate, or, in a dry run,
/// merge it into a copy and ask the gate without writing. A refusal by the gate is part of the result, with the
/// changes it refused, so that it can be shown and acted on; any other failure is thrown.
public struct ImportRun: Sendable {
    public let imported: ImportedConfiguration
    /// The note each new pin gets (where it came from).
    public let note: String
    public let manifest: URL
    public let dryRun: Bool

    public init(imported: ImportedConfiguration, note: String, manifest: URL, dryRun: Bool) {
        self.imported = imported
        self.note = note
        self.manifest = manifest
        self.dryRun = dryRun
    }

    /// What the merge changed (or would change) and the gate's refusal, if it refused.
    public struct Result: Sendable {
        public let changes: [ImportChange]
        public let refusal: (any Error)?
        public let outcome: ImportReport.Outcome
    }

    /// `gate` judges the manifest as it is about to be written (the lint gate) and throws to refuse it. In a dry
    /// run it is asked only when something would change.
    public func run(beforeWriting gate: (PinManifest) throws -> Void, added: Date = Date()) throws -> Result {
        var changes: [ImportChange] = []
        var refusal: (any Error)?
        if dryRun {
            var manifest = try ManifestStore.loadOrCreate(self.manifest).manifest
            changes = ImportMerge.apply(imported, to: &manifest, added: added, note: note)
            if changes.contains(where: { $0.action != .alreadyPinned }) {
                do {
                    try gate(manifest)
                } catch {
                    refusal = error
                }
            }
        } else {
            do {
                try ManifestStore.update(
                    at: manifest,
                    beforeWriting: { manifest in
                        do {
                            try gate(manifest)
                        } catch {
                            throw GateRefusal(error: error)
                        }
                    }
                ) { manifest in
                    changes = ImportMerge.apply(imported, to: &manifest, added: added, note: note)
                }
            } catch let gateRefusal as GateRefusal {
                refusal = gateRefusal.error
            }
        }
        let outcome = ImportReport.Outcome(changes, refused: refusal != nil, dryRun: dryRun)
        return Result(changes: changes, refusal: refusal, outcome: outcome)
    }

    /// The gate's error, told apart from the store's on its way out of the update.
    private struct GateRefusal: Error {
        let error: any Error
    }
}
