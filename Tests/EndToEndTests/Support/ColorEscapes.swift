/// Finds colour in captured terminal output: the SGR sequences (`ESC [ ... m`) whose parameters set a foreground or
/// background colour (30-37, 38;..., 40-47, 48;..., 90-97, 100-107). Attributes such as bold (1) or reverse (7)
/// and the resets (0, 39, 49) are not colour.
enum ColorEscapes {
    /// Every SGR sequence in `text`, as its parameter string (`"1;31"` for `ESC [ 1 ; 31 m`).
    static func sgrParameters(in text: String) -> [String] {
        var found: [String] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i + 1 < scalars.count {
            guard scalars[i] == "\u{1B}", scalars[i + 1] == "[" else {
                i += 1
                continue
            }
            var j = i + 2
            var parameters = ""
            while j < scalars.count, "0123456789;:".unicodeScalars.contains(scalars[j]) {
                parameters.unicodeScalars.append(scalars[j])
                j += 1
            }
            if j < scalars.count, scalars[j] == "m" { found.append(parameters) }
            i = j
        }
        return found
    }

    /// The SGR sequences of `text` that set a colour.
    static func colorSequences(in text: String) -> [String] {
        sgrParameters(in: text).filter(setsColor)
    }

    /// True when an SGR parameter string sets a foreground or background colour. Only 38 and 48 take
    /// sub-parameters, and they are colour themselves, so any colour code anywhere in the string is colour.
    static func setsColor(_ parameters: String) -> Bool {
        parameters.split(whereSeparator: { $0 == ";" || $0 == ":" }).contains { code in
            switch Int(code) ?? -1 {
            case 30...38, 40...48, 90...97, 100...107: return true
            default: return false
            }
        }
    }
}
