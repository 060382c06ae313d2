import PinningCore

/// `import --json`: what the file held, what changed, what could not be carried.
public struct ImportReport: Encodable, Sendable {
    /// What became of the changes: `written` and `refusedByLint` in the JSON say the same.
    public enum Outcome: Sendable {
        case written, unchanged, dryRun, refused

        /// What became of `changes`: refused by the lint gate, nothing to change, or made (or, in a dry run, shown).
        public init(_ changes: [ImportChange], refused: Bool, dryRun: Bool) {
            let changed = changes.contains { $0.action != .alreadyPinned }
            self = refused ? .refused : !changed ? .unchanged : dryRun ? .dryRun : .written
        }
    }

    public let format: String
    public let manifest: String
    public let written: Bool
    /// True when the lint gate refused the changes (nothing written; `changes` lists what was refused).
    public let refusedByLint: Bool
    public let changes: [ImportChange]
    public let notCarried: [ImportSkip]
    public let outcome: Outcome

    public init(imported: ImportedConfiguration, changes: [ImportChange], manifest: String, outcome: Outcome) {
        format = imported.format.rawValue
        self.manifest = manifest
        self.outcome = outcome
        written = outcome == .written
        refusedByLint = outcome == .refused
        self.changes = changes
        notCarried = imported.notCarried
    }

    /// The report as `import` prints it: each change, what was not carried, and what became of the changes.
    public var lines: [String] {
        var lines = changes.map(\.description)
        if !notCarried.isEmpty {
            lines.append("Not carried (\(counted(notCarried.count, "item"))):")
            lines += notCarried.map { "  " + $0.description }
        }
        let changed = counted(changes.filter { $0.action != .alreadyPinned }.count, "change")
        switch outcome {
        case .unchanged: lines.append("\(manifest): nothing to change.")
        case .written: lines.append("\(changed); wrote \(manifest)")
        case .dryRun: lines.append("\(changed) would be made to \(manifest) (dry run; nothing written)")
        case .refused:
            lines.append(
                "\(changed) refused by the lint gate (its findings are on standard error); nothing written to "
                    + manifest)
        }
        return lines
    }

    private enum CodingKeys: String, CodingKey {
        case format, manifest, written, refusedByLint, changes, notCarried
    }
}
