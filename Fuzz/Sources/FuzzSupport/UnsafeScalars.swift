/// The scalars no output may carry raw, written out here independently of the code under test so that the oracle
/// is not the implementation it checks.
public enum UnsafeScalars {
    /// C0 controls, DEL, C1 controls and the bidirectional marks, embeddings, overrides and isolates.
    public static func isControlOrBidi(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F, 0x80...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Line and paragraph separators: new lines to JavaScript, some editors and some terminals.
    public static func isUnicodeLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// The first scalar of `text` that is a control, bidi or Unicode line break and not in `allowed`.
    public static func first(in text: String, allowing allowed: Set<Unicode.Scalar> = []) -> Unicode.Scalar? {
        text.unicodeScalars.first { (isControlOrBidi($0) || isUnicodeLineBreak($0)) && !allowed.contains($0) }
    }
}
