import CommandText
import FieldReports
import Foundation
import PinningCore
import ReportStore

/// `pinbench reports`' output: a table of groups with a sample line each, or JSON that reads back to the same
/// values. Every text from a report (hosts, releases, issuers, chains) is escaped here, at the output.
public enum ReportsText {
    /// The table and one sample line per group, then what retention and the cap dropped.
    public static func lines(
        _ groups: [ReportGroup], dropped: [String: (reports: Int, occurrences: Int)], beyondLimit: Int = 0
    ) -> [String] {
        guard !groups.isEmpty else { return ["no reports"] + droppedLines(dropped) }
        let table = TextTable(
            header: ["HOST", "RELEASE", "JUDGEMENT", "REPORTS", "DISTINCT", "FIRST SEEN", "LAST SEEN"],
            rows: groups.map { group in
                [
                    group.host, group.release ?? "(none)", group.judgement.rawValue, String(group.occurrences),
                    String(group.distinct), Timestamp.format(group.firstSeen), Timestamp.format(group.lastSeen),
                ]
            })
        var lines = table.lines
        lines.append("")
        for group in groups {
            let name = "\(group.host) \(group.release ?? "(none)") \(group.judgement.rawValue)"
            lines.append("\(name.terminalSafe): \(group.sampleReason.rawValue): \(group.sampleDetail.terminalSafe)")
            for certificate in chainSummary(group.sampleChain) { lines.append("  " + certificate.terminalSafe) }
        }
        if beyondLimit > 0 {
            lines.append(
                "… and \(beyondLimit) more group\(beyondLimit == 1 ? "" : "s") (raise --limit, or narrow with --host)")
        }
        return lines + droppedLines(dropped)
    }

    static func droppedLines(_ dropped: [String: (reports: Int, occurrences: Int)]) -> [String] {
        dropped.keys.sorted().map { cause in
            "dropped by \(cause): \(dropped[cause]!.reports) reports (\(dropped[cause]!.occurrences) received)"
        }
    }

    /// Each certificate of a stored chain as `subject (issuer: …)`, or the stored reason it could not be read.
    static func chainSummary(_ stored: String) -> [String] {
        guard !stored.isEmpty else { return ["(no chain)"] }
        guard stored.hasPrefix("-----BEGIN") else { return [stored] }
        guard let chain = try? CertificateChainDecoder.decode(Data(stored.utf8), source: "stored chain") else {
            return ["(a chain that is not certificates)"]
        }
        return chain.enumerated().map { level, certificate in
            "\(level): \(certificate.details.subject) (issuer: \(certificate.details.issuer))"
        }
    }

    /// The JSON document: groups and drop counts.
    public struct Document: Codable, Hashable, Sendable {
        public struct Group: Codable, Hashable, Sendable {
            public let host: String
            public let release: String?
            public let judgement: String
            public let occurrences: Int
            public let distinct: Int
            public let firstSeen: Date
            public let lastSeen: Date
            public let sample: Sample
        }

        public struct Sample: Codable, Hashable, Sendable {
            public let reason: String
            public let detail: String
            public let issuer: String?
            /// The chain's certificates as PEM, or empty when it could not be read.
            public let chain: [String]
        }

        public struct Dropped: Codable, Hashable, Sendable {
            public let reports: Int
            public let occurrences: Int
        }

        public let groups: [Group]
        public let dropped: [String: Dropped]

        /// Explicit nulls, so every group has the same keys.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(groups, forKey: .groups)
            try container.encode(dropped, forKey: .dropped)
        }
    }

    public static func document(
        _ groups: [ReportGroup], dropped: [String: (reports: Int, occurrences: Int)]
    ) -> Document {
        Document(
            groups: groups.map { group in
                Document.Group(
                    host: group.host, release: group.release, judgement: group.judgement.rawValue,
                    occurrences: group.occurrences, distinct: group.distinct, firstSeen: group.firstSeen,
                    lastSeen: group.lastSeen,
                    sample: Document.Sample(
                        reason: group.sampleReason.rawValue, detail: group.sampleDetail, issuer: group.sampleIssuer,
                        chain: pemBlocks(group.sampleChain)))
            },
            dropped: dropped.mapValues { Document.Dropped(reports: $0.reports, occurrences: $0.occurrences) })
    }

    /// The PEM blocks of a stored chain, each ending with its END line.
    static func pemBlocks(_ stored: String) -> [String] {
        guard stored.hasPrefix("-----BEGIN") else { return [] }
        let end = "-----END CERTIFICATE-----"
        return stored.components(separatedBy: end).dropLast().map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines) + "\n" + end + "\n"
        }
    }

    /// What `--json` prints before the groups: the drop counts and how many groups the limit left out.
    struct Head: Encodable {
        let beyondLimit: Int
        let dropped: [String: Document.Dropped]
    }

    /// `--json`: the document's text handed to `write` a piece at a time, the groups last (``CanonicalJSON``'s
    /// streamed array), with `beyondLimit`, the groups the limit left out.
    public static func writeJSON(
        _ groups: [ReportGroup], dropped: [String: (reports: Int, occurrences: Int)], beyondLimit: Int,
        write: (Data) -> Void
    ) throws {
        let document = document(groups, dropped: dropped)
        try CanonicalJSON.encode(
            Head(beyondLimit: beyondLimit, dropped: document.dropped), thenArray: "groups",
            try document.groups.map(CommandJSON.element), encoder: CommandJSON.encoder(), write: write)
    }

    /// `document` as `--json` prints it (``CommandJSON``: sorted keys, every control character escaped).
    public static func json(_ document: Document) throws -> Data {
        try CanonicalJSON.encode(document, encoder: CommandJSON.encoder())
    }
}
