import PinningCore

/// The Pins pane's model: which pin of the selected domain is selected and which rows are on screen.
///
/// Its `update` is pure and answers with an ``Action`` for the workbench to carry out (an edit goes through the
/// core's ``ManifestEditor`` there, with undo), as a Bubble Tea child model answers its parent.
public struct PinsPane: Hashable, Sendable {
    /// What the pane asks of the workbench after a command.
    public enum Action: Hashable, Sendable {
        case stay
        case unpin(Pin)
        case toggleRole(Pin)
        case editNote(Pin)
        /// A pin command with no pin to act on, and why.
        case explain(String)
    }

    /// Index into the domain's pins, in manifest order.
    public private(set) var selection = 0
    public private(set) var viewport = ListViewport()
    /// The normalized host whose pins the selection refers to: another domain starts at the top.
    public private(set) var host: String?

    public init() {}

    /// The pin under the selection.
    public func selectedPin(in pins: [Pin]) -> Pin? {
        pins.indices.contains(selection) ? pins[selection] : nil
    }

    /// Handles `command` for a domain with `pins`; `pageSize` is the number of rows a page moves.
    public mutating func update(_ command: Command, pins: [Pin], pageSize: Int) -> Action {
        switch command {
        case .moveUp: move(by: -1, count: pins.count)
        case .moveDown: move(by: 1, count: pins.count)
        case .pageUp: move(by: -max(1, pageSize), count: pins.count)
        case .pageDown: move(by: max(1, pageSize), count: pins.count)
        case .moveTop: selection = 0
        case .moveBottom: selection = max(0, pins.count - 1)
        case .unpin, .toggleBackup, .editNote:
            guard let pin = selectedPin(in: pins) else {
                return .explain("no pins to act on: in the Chain pane, p pins a level's key and P its certificate")
            }
            switch command {
            case .unpin: return .unpin(pin)
            case .toggleBackup: return .toggleRole(pin)
            default: return .editNote(pin)
            }
        default: break
        }
        return .stay
    }

    /// Keeps the selection valid for `host`'s `count` pins; a different domain resets it to the first pin.
    public mutating func follow(host: String?, count: Int) {
        if host != self.host {
            self.host = host
            selection = 0
            viewport = ListViewport()
        }
        selection = min(max(0, selection), max(0, count - 1))
    }

    /// Scrolls the list so the selection shows in `height` rows.
    public mutating func scroll(count: Int, height: Int) {
        viewport = viewport.scrolled(toShow: selection, count: count, height: height)
    }

    /// Moves the selection by `delta` rows within `count` pins (keys, the mouse).
    public mutating func move(by delta: Int, count: Int) {
        guard count > 0 else { return }
        let moved = delta > 0 ? (selection > Int.max - delta ? Int.max : selection + delta) : selection + delta
        selection = min(max(0, moved), count - 1)
    }
}
