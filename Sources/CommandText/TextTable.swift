import Foundation
import PinningCore

/// Left-aligned columns separated by two spaces, for terminal tables. Cells are any text: each is made
/// terminal-safe (``TerminalSafeText``) before the columns are measured, so an escaped newline widens its column
/// instead of breaking the row. Widths count characters, which is right for the ASCII-and-hostname text the
/// tables hold.
public struct TextTable: Sendable {
    public let header: [String]
    public let rows: [[String]]

    public init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    public var lines: [String] {
        let all = ([header] + rows).map { $0.map(\.terminalSafe) }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
    }
}
