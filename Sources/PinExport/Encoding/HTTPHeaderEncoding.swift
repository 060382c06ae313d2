/// HTTP field values (RFC 9110): quoted strings that cannot end early or split a header.
public enum HTTPHeaderEncoding {
    /// An RFC 9110 `quoted-string`, quotes included, whose value is exactly `value`: `"` and `\` as quoted pairs.
    ///
    /// Nil when `value` holds anything outside space and visible ASCII: a control character (a CR or LF would
    /// end the header and start another), DEL, or non-ASCII text, which RFC 9110 keeps only as opaque obsolete
    /// bytes. The caller refuses such a value and says so.
    public static func quotedString(_ value: String) -> String? {
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"", "\\":
                quoted += "\\"
                quoted.unicodeScalars.append(scalar)
            case " "..."~":
                quoted.unicodeScalars.append(scalar)
            default:
                return nil
            }
        }
        return quoted + "\""
    }
}
