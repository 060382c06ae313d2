import ClientModels
import CommandText
import Foundation
import ManifestLint
import PinningCore

/// `check`'s result for every domain checked, with the lint findings that concern them, as text or JSON.
public struct CheckReport: Sendable {
    public let manifest: String
    public let checkedAt: Date
    public let results: [CheckRow]
    public let lint: [LintFinding]
    public let counts: [String: Int]
    public let exitStatus: Int32

    public init(manifest: String, checkedAt: Date, results: [CheckRow], lint: [LintFinding]) {
        self.manifest = manifest
        self.checkedAt = checkedAt
        self.results = results
        self.lint = lint
        counts = Dictionary(results.map { ($0.outcome.rawValue, 1) }, uniquingKeysWith: +)
        exitStatus = Self.exitStatus(results: results, lint: lint)
    }

    /// 1 for a definite failure (a rejection, a lint error); otherwise 2 when a domain could not be checked.
    public static func exitStatus(results: [CheckRow], lint: [LintFinding]) -> Int32 {
        if results.contains(where: { $0.outcome == .rejected }) || lint.contains(where: { $0.severity == .error }) {
            return 1
        }
        return results.contains { $0.outcome == .unreachable } ? 2 : 0
    }

    /// The JSON report's keys but `results`, which sorts after them all: the report is printed as this head and then
    /// the rows one at a time (``CanonicalJSON/encode(_:thenArray:_:encoder:write:)``).
    public struct JSONHead: Encodable, Sendable {
        public let manifest: String
        public let checkedAt: Date
        public let lint: [LintFinding]
        public let counts: [String: Int]
        public let exitStatus: Int32
    }

    public var jsonHead: JSONHead {
        JSONHead(manifest: manifest, checkedAt: checkedAt, lint: lint, counts: counts, exitStatus: exitStatus)
    }

    public var lines: [String] {
        var lines = table
        let explained = results.filter { $0.outcome != .accepted }
        if !explained.isEmpty {
            lines += ["", "Why:"]
            for row in explained {
                lines.append("  " + row.summary)
                lines += row.explanation.map { "      " + $0 }
                if let failure = row.failure, failure.code == "timedOut" || failure.code == "connectionRefused" {
                    lines.append(
                        "      Is the server up? Raise --timeout for slow links; `connect` sets another address.")
                }
            }
        }
        if !lint.isEmpty {
            lines += ["", "Lockout guard:"]
            lines += lint.map { "  " + $0.formatted }
        }
        lines += ["", totals]
        return lines
    }

    private var table: [String] {
        let header = ["DOMAIN", "VERDICT", "MATCHED PIN", "LEAF", "LINT", "ATS"]
        let rows = results.map { row -> [String] in
            [
                row.port == 443 ? row.host : "\(row.host):\(row.port)",
                verdictCell(row),
                row.matchedPin.map { "\($0.pin.role.rawValue) \($0.pin.type.rawValue) @\($0.level)" } ?? "-",
                row.leafDaysLeft.map { $0 < 0 ? "expired" : "\($0) days" } ?? "-",
                lintCell(row.host),
                row.ats.map { $0.passes ? "ok" : "fails: " + $0.violations.map(\.rule).joined(separator: ", ") } ?? "-",
            ]
        }
        return TextTable(header: header, rows: rows).lines
    }

    private func verdictCell(_ row: CheckRow) -> String {
        switch row.outcome {
        case .rejected: return "REJECTED (\(row.rejection ?? "?"))"
        case .unreachable: return "UNREACHABLE (\(row.failure?.code ?? "?"))"
        case .reportOnlyViolation: return "report-only MISMATCH"
        case .pinsLapsed: return "pins LAPSED"
        default: return row.outcome.rawValue
        }
    }

    private func lintCell(_ host: String) -> String {
        LintTally(lint.filter { $0.host == host }).cell
    }

    private var totals: String {
        let order: [CheckRow.Outcome] = [
            .accepted, .rejected, .unreachable, .reportOnlyViolation, .pinsLapsed, .notPinned,
        ]
        let parts = order.compactMap { outcome in counts[outcome.rawValue].map { "\($0) \(outcome.rawValue)" } }
        return
            "\(counted(results.count, "domain")): \(parts.joined(separator: ", ")); lint: \(LintTally(lint).summary)."
    }
}

extension CheckReport {
    /// The report of a run: its rows, and the lint of the manifest with the chains seen live (so pins that match
    /// nothing served are warned of), kept to the checked domains and the findings of no domain.
    public init(_ results: CheckResults, document: ManifestDocument, clients: [PinClient], at now: Date) {
        let checkedHosts = Set(results.domains.map(\.host))
        let findings = ManifestLinter(.gather(for: document, clients: clients))
            .lint(document, now: now, served: results.served)
            .filter { $0.host.map(checkedHosts.contains) ?? true }
        self.init(
            manifest: document.url.path, checkedAt: now, results: results.rows.compactMap { $0 }, lint: findings)
    }
}
