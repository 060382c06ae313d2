/// The rule for text a person writes into a pin's note from the command line or the workbench: one line of visible
/// text. Manifests read from disk may still hold anything (it is data, escaped at every output); what PinBench
/// itself writes never adds a control, line-break, bidirectional or invisible character (``TextHazards``), which
/// would show differently from what it holds in a review.
public enum PinText {
    /// Nil when `text` may be written as a note; otherwise what is wrong, in words.
    public static func problem(_ text: String) -> String? {
        guard let scalar = text.unicodeScalars.first(where: TextHazards.isHazard) else { return nil }
        let code = String(scalar.value, radix: 16, uppercase: true)
        return "holds U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code), a control, line-break, "
            + "bidirectional or invisible character; write the note as one line of visible text"
    }
}
