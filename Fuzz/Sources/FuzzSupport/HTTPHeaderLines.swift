/// One header field parsed by the RFC 9110 grammar: name, and the `;`-separated directives of its value, each a
/// token with an optional token or quoted-string value (unquoted here).
public struct HTTPHeaderField: Equatable {
    public let name: String
    public let directives: [(name: String, value: String?)]

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.directives.elementsEqual(rhs.directives) { $0 == $1 }
    }
}

/// Parses header lines (`Name: directive; directive="quoted"`), skipping `#` comment lines, and refuses anything
/// a server or proxy would read differently: control characters, a missing colon, a stray quote or backslash.
public enum HTTPHeaderLines {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func fields(_ text: String) throws(Failure) -> [HTTPHeaderField] {
        var fields: [HTTPHeaderField] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") { continue }
            fields.append(try field(Array(line.unicodeScalars)))
        }
        return fields
    }

    private static func field(_ s: [Unicode.Scalar]) throws(Failure) -> HTTPHeaderField {
        var index = 0
        let name = token(s, &index)
        guard !name.isEmpty, index < s.count, s[index] == ":" else {
            throw Failure(description: "not a `Name: value` line: \(visible(String(String.UnicodeScalarView(s))))")
        }
        index += 1
        var directives: [(String, String?)] = []
        while true {
            skipSpace(s, &index)
            if index == s.count { break }
            let directive = token(s, &index)
            guard !directive.isEmpty else {
                throw Failure(description: "expected a directive at column \(index + 1)")
            }
            skipSpace(s, &index)
            var value: String? = nil
            if index < s.count && s[index] == "=" {
                index += 1
                skipSpace(s, &index)
                if index < s.count && s[index] == "\"" {
                    value = try quoted(s, &index)
                } else {
                    value = token(s, &index)
                }
            }
            directives.append((directive, value))
            skipSpace(s, &index)
            if index == s.count { break }
            guard s[index] == ";" else {
                throw Failure(description: "expected `;` at column \(index + 1), found \(visible(String(s[index])))")
            }
            index += 1
        }
        return HTTPHeaderField(name: name, directives: directives)
    }

    private static func token(_ s: [Unicode.Scalar], _ index: inout Int) -> String {
        var result = ""
        while index < s.count, isTokenCharacter(s[index]) {
            result.unicodeScalars.append(s[index])
            index += 1
        }
        return result
    }

    private static func quoted(_ s: [Unicode.Scalar], _ index: inout Int) throws(Failure) -> String {
        index += 1
        var result = ""
        while index < s.count {
            let c = s[index]
            index += 1
            switch c {
            case "\"": return result
            case "\\":
                guard index < s.count, isQuotedText(s[index]) || s[index] == "\"" || s[index] == "\\" else {
                    throw Failure(description: "bad quoted-pair in a quoted-string")
                }
                result.unicodeScalars.append(s[index])
                index += 1
            default:
                guard isQuotedText(c) else {
                    throw Failure(description: "\(visible(String(c))) is not allowed in a quoted-string")
                }
                result.unicodeScalars.append(c)
            }
        }
        throw Failure(description: "unterminated quoted-string")
    }

    private static func skipSpace(_ s: [Unicode.Scalar], _ index: inout Int) {
        while index < s.count, s[index] == " " || s[index] == "\t" { index += 1 }
    }

    /// tchar of RFC 9110.
    private static func isTokenCharacter(_ c: Unicode.Scalar) -> Bool {
        guard c.value < 0x7F, c.value > 0x20 else { return false }
        return !"\"(),/:;<=>?@[\\]{}".unicodeScalars.contains(c)
    }

    /// qdtext of RFC 9110 (obs-text taken as any non-ASCII scalar).
    private static func isQuotedText(_ c: Unicode.Scalar) -> Bool {
        c == "\t" || c == " " || (c.value >= 0x21 && c.value <= 0x7E && c != "\"" && c != "\\") || c.value >= 0x80
    }
}
