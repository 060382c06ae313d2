/// POSIX shell words: a value pasted into a command line as one argument, never as code.
///
/// A host such as `b$(touch${IFS}X).example.com` printed unquoted runs `touch` when the line is pasted.
public enum ShellEncoding {
    /// One shell word whose value is exactly `value`: as it is when it holds only characters no shell treats
    /// specially (letters, digits and `_@%+:,./-`), else in single quotes with each `'` written `'\''`.
    ///
    /// Nil when `value` holds a control character, a bidirectional control or a line separator (``TextHazards``):
    /// a single-quoted word would carry it raw, to the terminal and to the reader, and POSIX has no other quoting
    /// that keeps it. The caller refuses such a value and says so.
    public static func word(_ value: String) -> String? {
        if TextHazards.containsHazard(value) { return nil }
        if !value.isEmpty && value.unicodeScalars.allSatisfy(isPlain) { return value }
        return "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "@", "%", "+", ":", ",", ".", "/", "-": return true
        default: return false
        }
    }
}
