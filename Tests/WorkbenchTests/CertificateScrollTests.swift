import Foundation
import PinningCore
import Testing

@testable import Workbench

/// The Certificate pane scrolls to its very last line with every key that moves to the end, at each golden size,
/// and a newly selected domain (by keys or by the filter) starts at its top.
@Suite struct CertificateScrollTests {
    typealias F = WorkbenchFixture

    static let sizes = [(80, 24), (100, 30), (160, 48)]

    /// The fixture with mitm.pinbench.test pinned many times over (labelled backups), fetched live, mitm selected and
    /// the Certificate pane focused.
    func longPane(_ size: Size) async -> (WorkbenchState, lastLabel: String) {
        var manifest = F.manifest()
        let index = manifest.domains.firstIndex { $0.host == "mitm.pinbench.test" }!
        for n in 1...20 {
            manifest.domains[index].pins.append(
                Pin(
                    type: .spkiSHA256, value: Data(repeating: UInt8(n), count: 32).base64EncodedString(),
                    role: .backup, label: "spare key \(n) of 20"))
        }
        var state = F.state(size: size, manifest: manifest)
        await F.press([.character("R")], on: &state)
        await F.deliverLive("mitm.pinbench.test", on: &state)
        await F.press([.down, .down, .character("3")], on: &state)
        let label = state.selectedDomainPolicy!.pins.last!.label!
        return (state, label)
    }

    /// The rows of the Certificate pane as drawn.
    func paneRows(_ state: WorkbenchState) -> [String] {
        let rect = state.layout.panes[.certificate]!.inset(by: 1)
        let rows = WorkbenchProgram.view(state).text.split(separator: "\n", omittingEmptySubsequences: false)
        return rows[rect.y..<rect.maxY].map {
            String(Array($0).dropFirst(rect.x).prefix(rect.width)).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test(arguments: sizes)
    func everyWayToTheEndShowsTheLastLine(width: Int, height: Int) async {
        let (start, label) = await longPane(Size(width: width, height: height))
        #expect(start.selectedDomainPolicy?.host == "mitm.pinbench.test")
        #expect(!paneRows(start).contains { $0.contains(label) }, "the pane is longer than the screen")
        let ways: [(String, [Key])] = [
            ("G", [.character("G")]), ("End", [.end]), ("PgDn", Array(repeating: .pageDown, count: 40)),
            ("j", Array(repeating: .character("j"), count: 400)),
        ]
        for (name, keys) in ways {
            var state = start
            await F.press(keys, on: &state)
            let rows = paneRows(state)
            let lastRow = rows.last { !$0.isEmpty } ?? ""
            #expect(lastRow.hasSuffix(label), "\(name) at \(width)x\(height): the last row is \"\(lastRow)\"")
            #expect(!lastRow.hasSuffix(Marker.down.symbol), "\(name): nothing more below")
            let page = CertificatePane.page(for: state)
            #expect(page.lines.last?.text.trimmingCharacters(in: .whitespaces) == label)
            // One more step down changes nothing: the end is the end.
            var further = state
            await F.press([.character("j")], on: &further)
            #expect(further.selection.certificateScroll.offset == state.selection.certificateScroll.offset, "\(name)")
        }
    }

    @Test func searchFindsTheLinesAsDrawn() async {
        var (state, label) = await longPane(Size(width: 80, height: 24))
        await F.press([.character("/")] + F.type("key 20 of") + [.enter], on: &state)
        #expect(paneRows(state).contains { $0.contains(label) })
    }

    @Test func filteringToAnotherDomainStartsItsCertificateAtTheTop() async {
        var (state, _) = await longPane(Size(width: 100, height: 30))
        await F.press([.character("2"), .down, .character("3"), .character("j"), .character("j")], on: &state)
        #expect(state.selection.certificateScroll.offset == 2)
        #expect(state.selection.selectedLevel == 1)
        await F.press([.character("1"), .character("/")] + F.type("good") + [.enter], on: &state)
        #expect(state.selectedDomainPolicy?.host == "good.pinbench.test")
        #expect(state.selection.certificateScroll.offset == 0, "a new selection starts at the top")
        #expect(state.selection.selectedLevel == 0, "and at its leaf")
        let rows = paneRows(state)
        #expect(rows.first?.hasPrefix("good.pinbench.test") == true, "\(rows)")
    }

    @Test func theSameDomainKeepsItsPlaceWhenTheFilterStillShowsIt() async {
        var (state, _) = await longPane(Size(width: 100, height: 30))
        await F.press([.character("j"), .character("j"), .character("j")], on: &state)
        await F.press([.character("1"), .character("/")] + F.type("mitm") + [.enter], on: &state)
        #expect(state.selectedDomainPolicy?.host == "mitm.pinbench.test")
        #expect(state.selection.certificateScroll.offset == 3)
    }

    @Test func theScrollModelFollowsItsSubject() {
        var scroll = CertificateScroll()
        scroll.follow(host: "a", level: 0)
        scroll.move(by: 5, lineCount: 30, rows: 10)
        #expect(scroll.offset == 5)
        scroll.move(by: Int.max / 2, lineCount: 30, rows: 10)
        #expect(scroll.offset == 20)
        scroll.follow(host: "a", level: 0)
        #expect(scroll.offset == 20)
        scroll.follow(host: "a", level: 1)
        #expect(scroll.offset == 0)
        scroll.offset = 7
        scroll.follow(host: "b", level: 1)
        #expect(scroll.offset == 0)
        #expect(scroll.shownOffset(lineCount: 5, rows: 10) == 0)
        #expect(CertificateScroll.maximumOffset(lineCount: 30, rows: 10) == 20)
    }
}
