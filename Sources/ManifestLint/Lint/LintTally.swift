import PinningCore

/// How many errors and warnings a lint run found, said the same way by the CLI, `check` and the workbench.
public struct LintTally: Hashable, Sendable {
    public let errors: Int
    public let warnings: Int

    public init(_ findings: [LintFinding]) {
        errors = findings.count { $0.severity == .error }
        warnings = findings.count - errors
    }

    /// `1 error, 2 warnings`: both counts, for summaries.
    public var summary: String {
        "\(counted(errors, "error")), \(counted(warnings, "warning"))"
    }

    /// `ok`, `1 warning`, `2 errors, 1 warning`: only what is there, for table cells.
    public var cell: String {
        let parts = [(errors, "error"), (warnings, "warning")].filter { $0.0 > 0 }.map { counted($0.0, $0.1) }
        return parts.isEmpty ? "ok" : parts.joined(separator: ", ")
    }
}

extension LintTally {
    /// `pinbench lint` as a reader sees it: each finding, then the tally; or that `document` has none.
    public static func reportLines(_ findings: [LintFinding], of document: ManifestDocument) -> [String] {
        guard !findings.isEmpty else {
            return ["\(document.url.path): no findings in \(counted(document.manifest.domains.count, "domain"))."]
        }
        return findings.map(\.formatted) + [LintTally(findings).summary + "."]
    }
}
