/// JSON string literals, as every JSON text PinBench writes spells them (manifests and every `--json` output).
///
/// JSON itself only requires escaping C0 controls, `"` and `\`. A raw U+2028 breaks JavaScript that embeds the
/// text, a raw U+202E makes `cat manifest.json` read differently from what it holds, and raw C1 controls drive some
/// terminals: all of them are written as `\uXXXX` here, so the text is safe to show and to review.
public enum JSONEncoding {
    /// Appends the JSON string literal for `value`, quotes included: `\"`, `\\`, `\n`, `\r`, `\t` by name, every
    /// other hazard (C0, DEL, C1, bidirectional controls, U+2028, U+2029, invisible characters; see ``TextHazards``)
    /// as `\uXXXX` (a surrogate pair beyond U+FFFF), everything else as itself.
    public static func writeString(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if TextHazards.isHazard(scalar) {
                    for unit in String(scalar).utf16 { text += "\\u" + TextHazards.hex4(unit).lowercased() }
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    /// The JSON string literal for `value`, quotes included.
    public static func string(_ value: String) -> String {
        var text = ""
        writeString(value, into: &text)
        return text
    }
}
