import Foundation
import PinningCore
import Testing

@testable import Workbench

/// Everything the Domains pane can draw beside a domain is explained by the help's legend: the status glyphs from
/// ``Marker`` and the words and counts after the name from ``DomainMarker``.
@Suite struct DomainLegendTests {
    typealias F = WorkbenchFixture

    /// The symbols the legend explains, as it shows them (`●N`, `no pins`, `ro`, `✓`).
    var legendSymbols: [String] {
        HelpOverlay.legendLines().map(\.text).filter { $0.hasPrefix("  ") }.compactMap {
            $0.dropFirst(2).components(separatedBy: "  ").first
        }
    }

    /// Domains in every combination of pins and mode, and a live state of every kind.
    func everyKindOfRow() async -> WorkbenchState {
        let active = Pin(type: .spkiSHA256, value: Data(repeating: 1, count: 32).base64EncodedString())
        let backup = Pin(type: .spkiSHA256, value: Data(repeating: 2, count: 32).base64EncodedString(), role: .backup)
        var domains: [DomainPolicy] = []
        for (index, pins) in [[], [active], [backup], [active, backup]].enumerated() {
            for mode in EnforcementMode.allCases {
                domains.append(DomainPolicy(host: "d\(index)-\(mode.rawValue).example", mode: mode, pins: pins))
            }
        }
        domains += F.manifest().domains
        var state = F.state(size: Size(width: 120, height: 40), manifest: PinManifest(domains: domains))
        await F.press([.character("R")], on: &state)  // fixture chains judged, the rest fail
        _ = state.apply(.fetchStarted(host: "d0-enforce.example"))  // and one still fetching
        return state
    }

    @Test func everyMarkerTheListDrawsIsInTheLegend() async {
        let state = await everyKindOfRow()
        let symbols = legendSymbols
        #expect(symbols.contains("ro"), "the report-only marker")
        let pane = state.layout.panes[.domains]!.inset(by: 1)
        let rows = WorkbenchProgram.view(state).text.split(separator: "\n", omittingEmptySubsequences: false)
        var drawn = 0
        for row in rows[pane.y..<pane.maxY] {
            let text = String(Array(row).dropFirst(pane.x).prefix(pane.width))
            let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard words.count >= 2 else { continue }
            drawn += 1
            // The status glyph first (after the selected row's pointer), then the name, then the markers.
            let status = String(words[0].drop { String($0) == Marker.selectedRow.symbol })
            #expect(symbols.contains(status), "status \(status) in \(text)")
            let name = words.firstIndex { $0.contains(".example") || $0.contains(".pinbench.test") }!
            var rest = words[(name + 1)...].joined(separator: " ")
            rest = String(rest.map { $0.isNumber ? "N" : $0 })
            for symbol in symbols.sorted(by: { $0.count > $1.count }) {
                rest = rest.replacingOccurrences(of: symbol, with: "")
            }
            #expect(rest.trimmingCharacters(in: .whitespaces).isEmpty, "not in the legend: \(rest) in \(text)")
        }
        #expect(drawn == state.manifest.domains.count, "every domain was looked at")
    }

    @Test func theLegendListsTheWholeTable() {
        let legend = HelpOverlay.legendLines().map(\.text)
        for marker in DomainMarker.allCases {
            #expect(legend.contains { $0.hasPrefix("  " + marker.legendSymbol + " ") && $0.hasSuffix(marker.meaning) })
        }
        let reportOnly = DomainPolicy(host: "a.example", mode: .reportOnly)
        #expect(DomainMarker.markers(for: reportOnly).map(\.marker) == [.noPins, .reportOnly])
    }
}
