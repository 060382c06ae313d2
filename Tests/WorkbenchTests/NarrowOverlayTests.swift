import Foundation
import PinningCore
import Testing

@testable import Workbench

/// At 60x20 the views drawn as lines over the panes cut nothing silently: a row wider than the box (a client's
/// name, outcome and matched level) ends in `…` in its last column.
@Suite struct NarrowOverlayTests {
    /// The rows inside the overlay's box, without the box.
    func boxRows(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.contains("║") }.compactMap { row in
            let parts = row.split(separator: "║", omittingEmptySubsequences: false)
            return parts.count >= 3 ? String(parts[1]) : nil
        }
    }

    @Test func aClientsRowTooWideForSixtyColumnsEndsInAnEllipsis() async {
        // One domain with a single pin: TrustKit refuses its whole configuration, a long outcome word that pushes
        // the rows' matched level past 52 columns.
        var manifest = ClientsViewTests.manifest()
        let offline = manifest.indexOfDomain("offline.pinbench.test")!
        manifest.domains[offline].pins.removeLast()
        var state = await ClientsViewTests.openScenario(Size(width: 60, height: 20), manifest: manifest)
        var rows: [String] = []
        for _ in 0..<40 {
            rows += boxRows(WorkbenchProgram.view(state).text)
            _ = state.apply(.key(.down))
        }
        let accepted = rows.filter { $0.contains("URLSession delegate") && $0.contains("accepted") }
        #expect(!accepted.isEmpty, "\(rows)")
        for row in accepted {
            #expect(row.trimmingCharacters(in: .whitespaces).hasSuffix("root,…"), "|\(row)|")
        }
        // A line that fits is left as it is.
        #expect(rows.contains { $0.contains("TrustKit raises") && !$0.contains(Marker.pending.symbol) }, "\(rows)")
    }

    @Test func aLineWiderThanTheBoxEndsInAnEllipsisAndOneThatFitsDoesNot() {
        var frame = Frame(size: Size(width: 30, height: 8))
        let lines = [
            ForecastLine("exactly twenty-four cols"), ForecastLine("a line far wider than the box it is drawn in"),
            ForecastLine("fits, then blanks          "),
        ]
        LineOverlay.draw(into: &frame, title: "T", lines: lines, scroll: 0, hint: "")
        let rows = boxRows(frame.text)
        #expect(rows[0] == " exactly twenty-four cols ", "|\(rows[0])|")
        #expect(rows[1] == " a line far wider than t… ", "|\(rows[1])|")
        #expect(rows[2] == " fits, then blanks        ", "|\(rows[2])|")
    }
}
