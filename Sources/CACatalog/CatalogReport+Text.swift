import CommandText
import Foundation
import PinningCore

extension CatalogReport {
    /// The report for a terminal: facts first, then the certificates as a table. Every text from the catalog goes
    /// through ``TextTable`` or `terminalSafe` (a team's catalog is outside input).
    public var lines: [String] {
        var lines = [
            "\(name) (\(id)): \(isPublic ? "a public CA" : "a private CA"), as the catalog knows it on \(day)",
            picksAtRandom
                ? "Each certificate's intermediate is picked at random among the active ones of its key type; a backup "
                    + "may start issuing at any time."
                : "Certificates come from one intermediate at a time.",
            "Renewal at \(Int((renewAt * 100).rounded())) % of a certificate's lifetime.",
            "",
            "Pools (the intermediates a renewal may come from on \(day)):",
        ]
        lines +=
            pools.isEmpty
            ? ["  none: no intermediate of the catalog may issue on that day"]
            : pools.map { pool in
                let backup = pool.backup.isEmpty ? "" : "; backup \(pool.backup.joined(separator: ", "))"
                return "  under \(pool.root): active \(pool.active.joined(separator: ", "))\(backup)"
            }
        lines += ["", "Profiles:"]
        lines += profiles.map { profile in
            let steps = profile.lifetimes.map { step in
                step.from.map { "\(step.days) days from \($0)" } ?? "\(step.days) days"
            }
            let marks = [profile.isDefault ? "default" : nil, profile.availableFrom.map { "from \($0)" }].compactMap {
                $0
            }
            let key = profile.keyReuse ? "the key kept at renewal" : "a new key at each renewal"
            let heading = marks.isEmpty ? profile.name : "\(profile.name) (\(marks.joined(separator: ", ")))"
            return
                "  \(heading): \(steps.joined(separator: ", then ")); \(key); "
                + (profile.lifetimeDaysOnDay.map { "\($0) days on \(day)" } ?? "not offered on \(day)")
        }
        lines += ["", "Chains offered above the intermediate:"]
        lines += chains.map { chain in
            let path =
                chain.served.isEmpty
                ? "nothing more (ends at the intermediate)" : chain.served.joined(separator: " ← ")
            let mark = chain.isDefault ? " (default)" : ""
            return "  \(chain.label)\(mark): intermediate under \(chain.under) ← \(path)"
        }
        lines += ["", "Certificates:"]
        let rows = certificates.map { entry in
            [
                entry.label, entry.role, entry.status, CalendarDay(containing: entry.notBefore).description,
                CalendarDay(containing: entry.notAfter).description,
                entry.signedBy ?? "outside the catalog", entry.spkiPin,
            ]
        }
        lines += TextTable(
            header: ["certificate", "role", "status", "from", "to", "signed by", "spki-sha256"], rows: rows
        ).lines.map { "  " + $0 }
        return lines
    }
}
