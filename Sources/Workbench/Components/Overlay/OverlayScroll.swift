/// The scroll arithmetic the scrolling overlays share (help, diff, write gate): a command moves the first line shown
/// by a line, a page, or to an end; the overlay clamps it to its own length.
enum OverlayScroll {
    static func scrolled(_ scroll: Int, by command: Command, page: Int) -> Int {
        switch command {
        case .moveUp: return max(0, scroll - 1)
        case .moveDown: return scroll + 1
        case .pageUp: return max(0, scroll - page)
        case .pageDown: return scroll + page
        case .moveTop: return 0
        case .moveBottom: return Int.max / 4
        default: return scroll
        }
    }
}
