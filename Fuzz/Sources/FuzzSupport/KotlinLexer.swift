/// A token of Kotlin source, as far as the OkHttp export needs: names, punctuation and string literals (with their
/// escapes resolved). Comments and white space are dropped.
public enum KotlinToken: Equatable {
    case name(String)
    case punctuation(Character)
    case string(String)
}

/// Splits Kotlin source into tokens the way the Kotlin lexer would, and refuses anything that could make a string
/// literal run code or end early: a `$name` or `${…}` template, an unknown escape, a raw line break in a literal,
/// an unterminated literal or block comment.
public enum KotlinLexer {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func tokens(_ source: String) throws(Failure) -> [KotlinToken] {
        let scalars = Array(source.unicodeScalars)
        var tokens: [KotlinToken] = []
        var index = 0
        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }
        while let scalar = peek() {
            switch scalar {
            case " ", "\t", "\n", "\r":
                index += 1
            case "/" where peek(1) == "/":
                while let c = peek(), c != "\n", c != "\r" { index += 1 }
            case "/" where peek(1) == "*":
                var depth = 0
                repeat {
                    guard let c = peek() else { throw Failure(description: "unterminated block comment") }
                    if c == "/" && peek(1) == "*" {
                        depth += 1
                        index += 2
                    } else if c == "*" && peek(1) == "/" {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while depth > 0
            case "\"":
                if peek(1) == "\"" && peek(2) == "\"" { throw Failure(description: "raw string literal") }
                index += 1
                tokens.append(.string(try literal(scalars, &index)))
            case _ where isNameStart(scalar):
                var name = ""
                while let c = peek(), isNameStart(c) || ("0"..."9").contains(c) {
                    name.unicodeScalars.append(c)
                    index += 1
                }
                tokens.append(.name(name))
            case ".", "(", ")", "=", ",", ";":
                tokens.append(.punctuation(Character(scalar)))
                index += 1
            default:
                throw Failure(description: "unexpected \(visible(String(scalar))) outside a literal or comment")
            }
        }
        return tokens
    }

    /// The value of a string literal whose opening quote is just before `index`; leaves `index` after the closing one.
    private static func literal(_ scalars: [Unicode.Scalar], _ index: inout Int) throws(Failure) -> String {
        var value = ""
        while index < scalars.count {
            let c = scalars[index]
            index += 1
            switch c {
            case "\"":
                return value
            case "\n", "\r":
                throw Failure(description: "line break inside a string literal")
            case "$":
                if index < scalars.count, isNameStart(scalars[index]) || scalars[index] == "{" || scalars[index] == "`"
                {
                    throw Failure(description: "string template $\(visible(String(scalars[index]))) in a literal")
                }
                value.unicodeScalars.append(c)
            case "\\":
                guard index < scalars.count else { throw Failure(description: "backslash at the end of the text") }
                let escape = scalars[index]
                index += 1
                switch escape {
                case "t": value += "\t"
                case "b": value += "\u{8}"
                case "n": value += "\n"
                case "r": value += "\r"
                case "'", "\"", "\\", "$": value.unicodeScalars.append(escape)
                case "u":
                    guard index + 4 <= scalars.count,
                        let code = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16)
                    else { throw Failure(description: "\\u without four hex digits") }
                    index += 4
                    // A UTF-16 unit: surrogate halves are kept as U+FFFD here; only the structure is checked.
                    value.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    throw Failure(description: "unknown escape \\\(visible(String(escape)))")
                }
            default:
                value.unicodeScalars.append(c)
            }
        }
        throw Failure(description: "unterminated string literal")
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
}
