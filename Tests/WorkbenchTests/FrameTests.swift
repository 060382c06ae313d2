import Testing

@testable import Workbench

@Suite struct FrameTests {
    @Test func putClipsToFrameAndRect() {
        var frame = Frame(size: Size(width: 10, height: 2))
        let end = frame.put("hello world", at: Point(x: 3, y: 0))
        #expect(end == 10)
        #expect(frame.lineText(0) == "   hello w")
        frame.put("abcdef", at: Point(x: 0, y: 1), clip: Rect(x: 2, y: 1, width: 3, height: 1))
        #expect(frame.lineText(1) == "  cde     ")
        frame.put("nothing", at: Point(x: 0, y: 5))
        #expect(frame.text == "   hello w\n  cde     ")
    }

    @Test func wideCharactersTakeTwoCellsAndNeverStraddleTheEdge() {
        var frame = Frame(size: Size(width: 6, height: 1))
        let end = frame.put("日本語", at: Point(x: 0, y: 0))
        #expect(end == 6)
        #expect(frame[0, 0].character == "日")
        #expect(frame[1, 0].isContinuation)
        #expect(frame.lineText(0) == "日本語")

        var narrow = Frame(size: Size(width: 5, height: 1))
        narrow.put("日本語", at: Point(x: 0, y: 0))
        #expect(narrow.lineText(0) == "日本 ")
        #expect(!narrow[4, 0].isContinuation)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var frame = Frame(size: Size(width: 4, height: 1))
        frame.put("日本", at: Point(x: 0, y: 0))
        frame.put("x", at: Point(x: 1, y: 0))
        #expect(frame.lineText(0) == " x本")
        #expect(!frame[1, 0].isContinuation)
    }

    @Test func controlCharactersNeverReachTheFrame() {
        var frame = Frame(size: Size(width: 12, height: 1))
        frame.put("a\u{1B}[31mb\u{7}", at: Point(x: 0, y: 0))
        let text = frame.text
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(text.hasPrefix("a\u{FFFD}[31mb\u{FFFD}"))
    }

    @Test func truncateAddsEllipsisOnlyWhenCutting() {
        #expect(Frame.truncate("abcdef", toWidth: 6) == "abcdef")
        #expect(Frame.truncate("abcdefg", toWidth: 6) == "abcde…")
        #expect(Frame.truncate("日本語", toWidth: 4) == "日…")
        #expect(Frame.truncate("abc", toWidth: 0) == "")
        #expect(Frame.pad("ab", toWidth: 4) == "ab  ")
        #expect(CharacterWidth.of(Frame.pad("日本語です", toWidth: 5)) == 5)
    }

    @Test func wrapBreaksAtSpacesAndInsideLongWords() {
        #expect(Frame.wrap("aa bb cc", width: 5) == ["aa bb", "cc"])
        #expect(Frame.wrap("0123456789ABCDEF", width: 6) == ["012345", "6789AB", "CDEF"])
        #expect(Frame.wrap("", width: 4) == [""])
        for line in Frame.wrap("SHA-256 AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45", width: 10) {
            #expect(CharacterWidth.of(line) <= 10)
        }
    }

    @Test("colon-separated hex wraps between bytes, at every width, and loses no character")
    func wrapKeepsHexBytesWhole() {
        let bytes = (0..<32).map { String(format: "%02X", ($0 * 37) & 0xFF) }
        let fingerprint = bytes.joined(separator: ":")
        // Width 10 holds three bytes and their colons ("AB:CD:EF:" is 9 columns).
        let threes = stride(from: 0, to: 32, by: 3).map { bytes[$0..<min($0 + 3, 32)].joined(separator: ":") }
        #expect(Frame.wrap(fingerprint, width: 10) == threes.dropLast().map { $0 + ":" } + [threes.last!])
        for width in 3...40 {
            let lines = Frame.wrap(fingerprint, width: width)
            #expect(lines.joined() == fingerprint)
            #expect(lines.allSatisfy { CharacterWidth.of($0) <= width })
            #expect(lines.dropLast().allSatisfy { $0.hasSuffix(":") }, "width \(width): \(lines)")
        }
        // Too narrow for one byte and its colon: cut where it must, still nothing lost.
        #expect(Frame.wrap("AB:CD", width: 2) == ["AB", ":C", "D"])
    }

    @Test("a colon early in a long word does not leave a short line (URLs, a leading colon)")
    func wrapIgnoresEarlyColons() {
        #expect(Frame.wrap(":ABCDEFGHIJKLMNOP", width: 5) == [":ABCD", "EFGHI", "JKLMN", "OP"])
        #expect(Frame.wrap("https://example.com/a/long/path", width: 12).first == "https://exam")
        #expect(Frame.wrap("a:bbbbbbbbbbbb", width: 6) == ["a:bbbb", "bbbbbb", "bb"])
    }

    @Test("fills and box edges never leave half of a wide character")
    func wideCharactersAreNeverCutInHalf() {
        var frame = Frame(size: Size(width: 12, height: 3))
        for y in 0..<3 { frame.put("日本語です漢字", at: Point(x: 0, y: y)) }
        frame.fill(Rect(x: 3, y: 0, width: 4, height: 1), with: Cell("."))  // starts on a right half, ends on a left
        frame.box(Rect(x: 5, y: 1, width: 3, height: 2), style: .light)  // edges at 5 and 7: right and left halves
        for y in 0..<3 {
            let row = Array(frame.row(y))
            for (x, cell) in row.enumerated() {
                let wide = !cell.isContinuation && CharacterWidth.of(cell.character) == 2
                if wide { #expect(x + 1 < row.count && row[x + 1].isContinuation, "row \(y), column \(x)") }
                if cell.isContinuation {
                    #expect(x > 0 && CharacterWidth.of(row[x - 1].character) == 2, "row \(y), column \(x)")
                }
            }
        }
        #expect(frame.text.split(separator: "\n").first == "日 .... す漢")
    }

    @Test func boxWithTitle() {
        var frame = Frame(size: Size(width: 20, height: 4))
        let inside = frame.box(Rect(x: 0, y: 0, width: 20, height: 4), title: "1 Domains")
        #expect(inside == Rect(x: 1, y: 1, width: 18, height: 2))
        var heavy = Frame(size: Size(width: 12, height: 3))
        heavy.box(heavy.bounds, title: "a very long title", style: .heavy, role: .paneBorderFocused)
        assertSnapshot(frame.text + "\n" + heavy.text)
        #expect(heavy[0, 0].role == .paneBorderFocused)
        #expect(heavy[2, 0].role == .paneTitle)
    }

    @Test func listRendersOnlyVisibleRowsAndMarksSelectionWithoutColour() {
        var frame = Frame(size: Size(width: 16, height: 3))
        var asked: [Int] = []
        let viewport = ListViewport().scrolled(toShow: 7_000, count: 10_000, height: 3)
        #expect(viewport.offset == 6_998)
        frame.list(in: frame.bounds, count: 10_000, selection: 7_000, viewport: viewport, focused: true) { index in
            asked.append(index)
            return ListRow(marker: "✓", markerRole: .verdictAccepted, text: "host\(index).example", trailing: "!")
        }
        #expect(asked == [6_998, 6_999, 7_000])
        #expect(frame.lineText(2) == "▸✓ host7000.e… !")
        #expect(frame[5, 2].role == .listSelected)
        #expect(frame[5, 1].role == .text)
        #expect(frame[1, 1].role == .verdictAccepted)
        #expect(frame.lineText(0).hasSuffix(" !"))
    }

    @Test func viewportScrollsAsLittleAsPossible() {
        let start = ListViewport(offset: 10)
        #expect(start.scrolled(toShow: 12, count: 100, height: 5).offset == 10)
        #expect(start.scrolled(toShow: 15, count: 100, height: 5).offset == 11)
        #expect(start.scrolled(toShow: 3, count: 100, height: 5).offset == 3)
        #expect(start.scrolled(toShow: nil, count: 8, height: 5).offset == 3)
        #expect(start.scrolled(toShow: 0, count: 0, height: 5).offset == 0)
        #expect(ListViewport(offset: 98).visibleRange(count: 100, height: 5) == 98..<100)
    }

    @Test func roleMapNamesEveryRoleUsed() {
        var frame = Frame(size: Size(width: 4, height: 1))
        frame.put("ok", at: Point(x: 0, y: 0), role: .verdictAccepted)
        let map = frame.roleMap()
        #expect(map.contains("verdict.accepted"))
        #expect(map.split(separator: "\n").last == "vv..")
        #expect(Set(Frame.roleCodes.values).count == StyleRole.allCases.count)
    }
}
