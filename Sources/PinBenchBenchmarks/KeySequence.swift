import Workbench

/// The keys the key-to-frame benchmarks press: mostly `j` (one row down), with a jump to the bottom and back to the
/// top every hundred presses, so that both small moves and whole-list jumps are in the figures.
enum KeySequence {
    static func key(_ index: Int) -> Key {
        switch index % 100 {
        case 49: return .character("G")
        case 99: return .character("g")
        default: return .character("j")
        }
    }
}
