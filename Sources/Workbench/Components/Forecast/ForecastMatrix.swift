import PinForecast

/// The release-by-scenario matrix of the Forecast view: a row per shipped release and one for the candidate next
/// release, a column per scenario, and the share of installs each scenario locks out. Words and headings shorten
/// when the full ones do not fit; every cell carries its marker, so no verdict is told by colour alone.
enum ForecastMatrix {
    /// The words of a cell, full and short.
    static func word(_ cell: ForecastCell, short: Bool) -> String {
        switch cell {
        case .accepted: return Marker.accepted.symbol + (short ? " ok" : " accepted")
        case .lockedOut: return Marker.rejected.symbol + (short ? " LOCKED" : " LOCKED OUT")
        case .lapsed: return Marker.warning.symbol + " lapsed"
        case .reportOnly: return Marker.warning.symbol + (short ? " report" : " report-only")
        case .notPinned: return Marker.idle.symbol + (short ? " none" : " not pinned")
        case .refused(let rejection):
            return Marker.rejected.symbol + (short ? " refused" : " refused: \(rejection.rawValue)")
        }
    }

    static func role(_ cell: ForecastCell) -> StyleRole {
        switch cell {
        case .accepted: return .verdictAccepted
        case .lockedOut, .refused: return .verdictRejected
        case .lapsed, .reportOnly: return .verdictWarning
        case .notPinned: return .dim
        }
    }

    /// A scenario's column heading, full or short.
    static func heading(_ scenario: Scenario, short: Bool) -> String {
        guard short else { return scenario.rawValue }
        switch scenario {
        case .current: return "current"
        case .planned: return "planned"
        case .renewalSameKey: return "same key"
        case .renewalNewKey: return "new key"
        case .issuerRotation: return "issuer"
        case .caSwitch: return "new CA"
        case .rootOnly: return "root only"
        }
    }

    /// A share of installs: `38%`, `12.5%`.
    static func percent(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))%" : String(format: "%.1f%%", value)
    }

    private static let nameHeading = "RELEASE"
    private static let shareHeading = "SHARE"
    private static let lockedOutLabel = "locked out"

    /// The matrix's lines at `width` columns; `candidateName` names the last row (the manifest being edited).
    static func lines(_ outlook: ForecastOutlook, candidateName: String, width: Int) -> [ForecastLine] {
        let forecast = outlook.forecast
        guard !forecast.scenarios.isEmpty else { return [] }
        let names = forecast.releases.indices.map { $0 == outlook.shipped ? candidateName : forecast.releases[$0].name }
        let longestName = max(lockedOutLabel.count, names.map { CharacterWidth.of($0.terminalSafe) }.max() ?? 0)
        let shares = forecast.releases.map { $0.share.map(percent) ?? "-" }
        let totals = outlook.lockedOut.map { share in
            percent(share.percent) + (share.unknown == 0 ? "" : " +\(share.unknown)?")
        }
        let shareWidth = max(shareHeading.count, shares.map(\.count).max() ?? 0)
        // Full headings and words where they fit with a name column of at least 12, else the short ones.
        var layout = Layout(short: false, forecast: forecast, totals: totals)
        if width - layout.fixedWidth(shareWidth) < min(longestName, 12) {
            layout = Layout(short: true, forecast: forecast, totals: totals)
        }
        // Too narrow for every column even with short words: the matrix is shown in blocks of columns, one under
        // the other, each with the release names, rather than cutting a heading or a word.
        let blocks: [[Int]]
        let nameWidth: Int
        if width - layout.fixedWidth(shareWidth) >= 4 {
            blocks = [Array(forecast.scenarios.indices)]
            nameWidth = max(4, min(longestName, width - layout.fixedWidth(shareWidth)))
        } else {
            nameWidth = max(4, min(longestName, 12))
            blocks = layout.blocks(fitting: width - nameWidth - shareWidth - 2)
        }
        var lines: [ForecastLine] = []
        for (index, columns) in blocks.enumerated() {
            if index > 0 { lines.append(ForecastLine([])) }
            lines += block(
                columns, outlook: outlook, names: names, shares: shares, totals: totals, layout: layout,
                nameWidth: nameWidth, shareWidth: shareWidth)
        }
        if layout.short {
            lines += ForecastLine.wrapped(
                "same key, new key: renewal with the same or a new key; issuer: issuer-rotation; new CA: ca-switch; "
                    + "root only: root-only (shipped releases' share of installs)", width: width, role: .dim)
        }
        return lines
    }

    /// The header, one row per release and the locked-out total, for the scenario columns `columns`.
    private static func block(
        _ columns: [Int], outlook: ForecastOutlook, names: [String], shares: [String], totals: [String],
        layout: Layout, nameWidth: Int, shareWidth: Int
    ) -> [ForecastLine] {
        let forecast = outlook.forecast
        var lines: [ForecastLine] = []
        var header = [
            ForecastLine.Span(text: Frame.pad(nameHeading, toWidth: nameWidth + 1), role: .label),
            .init(text: Frame.pad(shareHeading, toWidth: shareWidth + 1), role: .label),
        ]
        for column in columns {
            let scenario = forecast.scenarios[column]
            header.append(.init(text: pad(heading(scenario, short: layout.short), column, layout), role: .label))
        }
        lines.append(ForecastLine(header))
        for (row, name) in names.enumerated() {
            let candidate = row == outlook.shipped
            var spans = [
                ForecastLine.Span(
                    text: Frame.pad(name.terminalSafe, toWidth: nameWidth) + " ",
                    role: candidate ? .label : .overlayText),
                .init(text: Frame.pad(shares[row], toWidth: shareWidth) + " ", role: .dim),
            ]
            let cells = forecast.cells(ofRelease: row)
            for column in columns {
                let cell = cells[column]
                spans.append(.init(text: pad(word(cell, short: layout.short), column, layout), role: role(cell)))
            }
            lines.append(ForecastLine(spans))
        }
        var total = [
            ForecastLine.Span(text: Frame.pad(lockedOutLabel, toWidth: nameWidth + shareWidth + 2), role: .label)
        ]
        for column in columns {
            let share = outlook.lockedOut[column]
            let locked = share.percent > 0 || share.unknown > 0
            total.append(.init(text: pad(totals[column], column, layout), role: locked ? .verdictRejected : .dim))
        }
        lines.append(ForecastLine(total))
        return lines
    }

    private static func pad(_ text: String, _ column: Int, _ layout: Layout) -> String {
        Frame.pad(text, toWidth: layout.columnWidths[column]) + " "
    }

    /// The width of each scenario column, with full or short words.
    private struct Layout {
        let short: Bool
        let columnWidths: [Int]

        init(short: Bool, forecast: DomainForecast, totals: [String]) {
            self.short = short
            // The widest word of each column, over the distinct rows: few, whatever the number of releases.
            var widths = forecast.scenarios.map { CharacterWidth.of(ForecastMatrix.heading($0, short: short)) }
            var seen: Set<[ForecastCell]> = []
            for row in forecast.releases.indices {
                let cells = forecast.cells(ofRelease: row)
                guard seen.insert(cells).inserted else { continue }
                for (column, cell) in cells.enumerated() {
                    widths[column] = max(widths[column], CharacterWidth.of(ForecastMatrix.word(cell, short: short)))
                }
            }
            for (column, total) in totals.enumerated() { widths[column] = max(widths[column], total.count) }
            columnWidths = widths
        }

        /// The scenario columns in groups that each fit in `room` columns (a column wider than the room alone).
        func blocks(fitting room: Int) -> [[Int]] {
            var blocks: [[Int]] = []
            var current: [Int] = []
            var used = 0
            for (column, width) in columnWidths.enumerated() {
                if !current.isEmpty && used + width + 1 > room {
                    blocks.append(current)
                    current = []
                    used = 0
                }
                current.append(column)
                used += width + 1
            }
            if !current.isEmpty { blocks.append(current) }
            return blocks
        }

        /// Columns but the name's, with their gaps.
        func fixedWidth(_ shareWidth: Int) -> Int {
            columnWidths.reduce(0) { $0 + $1 + 1 } + shareWidth + 2
        }
    }
}
