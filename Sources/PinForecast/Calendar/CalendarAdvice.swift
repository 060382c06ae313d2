import CACatalog
import Foundation
import PinningCore

/// The smallest set of `spki-sha256` pins that holds every renewal of a calendar, whichever issuer each comes from,
/// with the reasoning: the issuers' own keys (one pin per intermediate of the pools, and none past the catalog,
/// where the successor's key is unknown), against a single key on every renewal's path (the pool's root key, or
/// the leaf key when the key is reused). Computed on the renewals' paths, and checked by the pin rule.
public struct CalendarAdvice: Hashable, Sendable {
    /// A key to pin: its level on the renewals' paths (0 the leaf) and the catalog's name for it, when it has one.
    public struct Key: Hashable, Sendable, Encodable {
        public let level: Int
        public let spki: String
        public let label: String?

        public init(level: Int, spki: String, label: String?) {
            self.level = level
            self.spki = spki
            self.label = label
        }
    }

    /// The smallest set found; empty when no set of known keys holds every renewal.
    public let pins: [Key]
    /// Why: each candidate set weighed, in words.
    public let reasoning: [String]

    /// The advice for `paths` (every issuer's path of every renewal), naming keys from `authority`.
    static func smallest(_ paths: [PathPins], authority: CertificateAuthority?, at time: Date) -> CalendarAdvice? {
        guard let first = paths.first else { return nil }
        func label(_ spki: String) -> String? { authority?.keyLabel(spki) }
        func name(_ key: Key) -> String { key.label ?? "level \(key.level) key \(key.spki)" }
        var reasoning: [String] = []
        // One key on every path: the first such key above the leaf (the leaf's when the key is reused and nothing
        // above is common).
        var common: [Key] = []
        for (level, pins) in first.levels.enumerated() {
            guard let spki = pins.spki else { continue }
            if paths.allSatisfy({ $0.levels.contains { $0.spki == spki } }) {
                common.append(Key(level: level, spki: spki, label: label(spki)))
            }
        }
        let single = common.first { $0.level > 0 } ?? common.first
        // The issuers' keys.
        var issuerKeys: [Key] = []
        var unknownIssuer = false
        for path in paths where path.levels.count > 1 {
            guard let spki = path.levels[1].spki else {
                unknownIssuer = true
                continue
            }
            if !issuerKeys.contains(where: { $0.spki == spki }) {
                issuerKeys.append(Key(level: 1, spki: spki, label: label(spki)))
            }
        }
        let issuerText = issuerKeys.map(name).joined(separator: ", ")
        if unknownIssuer {
            reasoning.append(
                "the issuers' keys (\(issuerText.isEmpty ? "none known" : issuerText)) cannot hold a renewal from an "
                    + "intermediate whose key nobody has seen")
        } else {
            reasoning.append("the issuers' keys \(issuerText): \(issuerKeys.count) pin(s)")
        }
        if let single {
            reasoning.append("\(name(single)) is on every renewal's path: 1 pin")
        } else {
            reasoning.append("no single key is on every renewal's path")
        }
        let chosen: [Key]
        if let single {
            chosen = [single]
        } else if !unknownIssuer {
            chosen = issuerKeys
        } else {
            chosen = []
        }
        // Checked by the pin rule on every path: the advice is what the forecast judges, not a guess.
        let policy = DomainPolicy(host: "advice.invalid", pins: chosen.map { Pin(type: .spkiSHA256, value: $0.spki) })
        guard !chosen.isEmpty,
            paths.allSatisfy({ ForecastCell.judging(policy, path: $0, at: time).connects })
        else { return CalendarAdvice(pins: [], reasoning: reasoning) }
        return CalendarAdvice(pins: chosen, reasoning: reasoning)
    }
}
