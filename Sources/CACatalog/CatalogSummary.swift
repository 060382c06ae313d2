import CommandText
import Foundation
import PinningCore

/// `pinbench ca` without an id: one line per CA of the catalog.
public struct CatalogSummary: Encodable, Sendable {
    public struct Row: Encodable, Sendable {
        let id, name: String
        let isPublic: Bool
        let certificates: Int
        let activeIntermediates: [String]
    }

    let day: String
    let authorities: [Row]

    public init(_ catalog: CACatalog, on date: Date) {
        day = CalendarDay(containing: date).description
        authorities = catalog.authorities.map { authority in
            Row(
                id: authority.id, name: authority.name, isPublic: authority.isPublic,
                certificates: authority.certificates.count,
                activeIntermediates: authority.certificates.filter { $0.mayIssue(on: date) && $0.status == .active }
                    .map(\.label))
        }
    }

    public var lines: [String] {
        let rows = authorities.map { row in
            [
                row.id, row.name, row.isPublic ? "public" : "private", "\(row.certificates)",
                row.activeIntermediates.joined(separator: ", "),
            ]
        }
        return TextTable(header: ["id", "name", "kind", "certificates", "issuing on \(day)"], rows: rows).lines
    }
}
