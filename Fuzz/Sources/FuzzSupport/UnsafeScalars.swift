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

    /// Invisible characters that hide or smuggle text: zero width space, word joiner and invisible operators,
    /// the byte order mark, and the tag characters (which can spell whole words no terminal shows).
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B, 0x2060...0x2064, 0xFEFF, 0xE0000...0xE007F: return true
        default: return false
        }
    }

    /// The first scalar of `text` that is a control, bidi, Unicode line break or invisible, and not in `allowed`.
    public static func first(in text: String, allowing allowed: Set<Unicode.Scalar> = []) -> Unicode.Scalar? {
        text.unicodeScalars.first {
            (isControlOrBidi($0) || isUnicodeLineBreak($0) || isInvisible($0)) && !allowed.contains($0)
        }
    }
}
