import Foundation
import PinForecast
import PinningCore
import TransparencyLog

/// A finding in the state file's `findings` list: every field the workbench shows, the verdicts with each
/// release's outcome (and for an accepted one, which pin and level held), strings as they came from the
/// certificate (the JSON encoder escapes them; the workbench draws them through its terminal-safe text).
extension CTFinding {
    struct Stored: Encodable {
        let log: String
        let index: UInt64
        let kind: String
        let serial: String
        let issuer: String
        let notBefore: String
        let notAfter: String
        let names: [String]
        let spki: String
        let issuerSPKI: String?
        let found: String
        let hosts: [Host]
        let pathCut: String?
        let namesLeftOut: Int?
        let hostsLeftOut: Int?

        struct Host: Encodable {
            let host: String
            let releases: [Row]
        }

        struct Row: Encodable {
            let name: String
            let share: Double?
            let shipped: Bool
            let outcome: String
            let role: String?
            let level: Int?
            let codePatternPins: Int?
        }
    }

    enum Keys: String, CodingKey, CaseIterable {
        case log, index, kind, serial, issuer, notBefore, notAfter, names, spki, issuerSPKI, found, hosts, pathCut
        case namesLeftOut, hostsLeftOut
    }

    enum HostKeys: String, CodingKey, CaseIterable {
        case host, releases
    }

    enum RowKeys: String, CodingKey, CaseIterable {
        case name, share, shipped, outcome, role, level, codePatternPins
    }

    /// More hosts per certificate, or rows per host, than a finding can carry (a certificate has at most a few
    /// hundred names; a releases file at most ``ReleaseList/maximumCount`` releases).
    static let maximumHosts = 1000
    static let maximumRows = 1001

    var stored: Stored {
        Stored(
            log: log, index: index, kind: kind.rawValue, serial: serial, issuer: issuer,
            notBefore: StoredDate.text(notBefore), notAfter: StoredDate.text(notAfter), names: names, spki: spkiPin,
            issuerSPKI: issuerSPKIPin, found: StoredDate.text(found),
            hosts: verdicts.map { verdict in
                Stored.Host(
                    host: verdict.host,
                    releases: verdict.rows.map { row in
                        var role: String?
                        var level: Int?
                        if case .accepted(let pinRole, let pinLevel) = row.cell {
                            role = pinRole.rawValue
                            level = pinLevel
                        }
                        return Stored.Row(
                            name: row.release, share: row.share, shipped: row.shipped, outcome: row.cell.outcome,
                            role: role, level: level,
                            codePatternPins: row.codePatternPins > 0 ? row.codePatternPins : nil)
                    })
            }, pathCut: pathCut, namesLeftOut: namesLeftOut > 0 ? namesLeftOut : nil,
            hostsLeftOut: hostsLeftOut > 0 ? hostsLeftOut : nil)
    }

    /// The finding at `node` of the state file, read strictly.
    static func read(_ tape: JSONTape, _ node: Int) throws(SchemaFailure) -> CTFinding {
        let fields = try StrictFields(tape, node, Keys.self)
        guard let kind = LogEntry.Kind(rawValue: try fields.string(.kind)) else {
            throw fields.invalid(.kind, "not \"certificate\" or \"precertificate\"")
        }
        let index = try fields.int(.index)
        guard index >= 0 else { throw fields.invalid(.index, "a negative entry index") }
        guard let hosts = try fields.arrayIfPresent(.hosts), hosts.remaining <= maximumHosts else {
            throw fields.invalid(.hosts, "missing, or more than \(maximumHosts) hosts")
        }
        var verdicts: [WatchVerdict] = []
        var cells = 0
        for element in hosts {
            let host = try StrictFields(tape, element, HostKeys.self)
            guard let rows = try host.arrayIfPresent(.releases), rows.remaining <= maximumRows else {
                throw host.invalid(.releases, "missing, or more than \(maximumRows) releases")
            }
            cells += rows.remaining
            guard cells <= maximumCells else {
                throw host.invalid(.releases, "more than \(maximumCells) verdicts in one finding")
            }
            var read: [WatchVerdict.Row] = []
            for row in rows { read.append(try self.row(StrictFields(tape, row, RowKeys.self))) }
            verdicts.append(WatchVerdict(host: try host.string(.host), rows: read))
        }
        if let names = try fields.arrayIfPresent(.names), names.remaining > maximumNames {
            throw fields.invalid(.names, "more than \(maximumNames) names")
        }
        func count(_ key: Keys) throws(SchemaFailure) -> Int {
            let count = try fields.intIfPresent(key) ?? 0
            guard count >= 0 else { throw fields.invalid(key, "a negative count") }
            return count
        }
        func date(_ key: Keys) throws(SchemaFailure) -> Date {
            guard let date = StoredDate.date(try fields.string(key)) else {
                throw fields.invalid(key, "not a time such as 2026-11-26T21:00:00Z")
            }
            return date
        }
        return CTFinding(
            log: try fields.string(.log), index: UInt64(index), kind: kind, serial: try fields.string(.serial),
            issuer: try fields.string(.issuer), notBefore: try date(.notBefore), notAfter: try date(.notAfter),
            names: try fields.stringsIfPresent(.names), spkiPin: try fields.string(.spki),
            issuerSPKIPin: try fields.stringIfPresent(.issuerSPKI), verdicts: verdicts,
            pathCut: try fields.stringIfPresent(.pathCut), found: try date(.found),
            namesLeftOut: try count(.namesLeftOut), hostsLeftOut: try count(.hostsLeftOut))
    }

    private static func row(_ fields: StrictFields<RowKeys>) throws(SchemaFailure) -> WatchVerdict.Row {
        let cell: ForecastCell
        switch try fields.string(.outcome) {
        case "accepted":
            let level = try fields.int(.level)
            guard level >= 0 else { throw fields.invalid(.level, "a negative level") }
            cell = .accepted(role: try fields.choice(.role), level: level)
        case "locked-out": cell = .lockedOut
        case "lapsed": cell = .lapsed
        case "report-only": cell = .reportOnly
        case "not-pinned": cell = .notPinned
        default:
            throw fields.invalid(
                .outcome, "not one of \"accepted\", \"locked-out\", \"lapsed\", \"report-only\", \"not-pinned\"")
        }
        let shipped = try fields.boolIfPresent(.shipped) ?? true
        let code = try fields.intIfPresent(.codePatternPins) ?? 0
        guard code >= 0 else { throw fields.invalid(.codePatternPins, "a negative count") }
        return WatchVerdict.Row(
            release: try fields.string(.name), share: try fields.doubleIfPresent(.share), shipped: shipped, cell: cell,
            codePatternPins: code)
    }
}
