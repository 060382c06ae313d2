/// What shows instead of the panes when the terminal is below 40x10: the size needed and the size there is.
public enum TooSmallNotice {
    public static func draw(into frame: inout Frame) {
        let size = frame.size
        let lines = [
            "Terminal too small",
            "\(size.width)x\(size.height), need \(Layout.onePaneMinimum.width)x\(Layout.onePaneMinimum.height)",
            "q quits",
        ]
        let top = max(0, (size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            let shown = Frame.truncate(line, toWidth: size.width)
            let x = max(0, (size.width - CharacterWidth.of(shown)) / 2)
            frame.put(shown, at: Point(x: x, y: top + i), role: i == 0 ? .verdictWarning : .text)
        }
    }
}
