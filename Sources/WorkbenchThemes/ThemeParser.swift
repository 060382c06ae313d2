/// Reads the flat TOML subset of theme files (see themes/README.md):
///
/// ```toml
/// # comment
/// description = "Dark background, green for accepted"
/// "pane.border" = { fg = "blue", fg256 = 33 }
/// verdict.rejected = { fg = "bright-red", attrs = ["bold"], mono = ["bold", "underline"] }
/// ```
///
/// One `key = value` per line; values are strings, integers, arrays and inline tables of those. Anything else
/// (table headers, multi-line values, unknown roles or fields) is an error naming the file and line, never ignored.
public enum ThemeParser {
    /// Parses a theme's text. `name` is the theme's name (the file name without `.toml`); `file` names it in errors.
    public static func parse(_ text: String, name: String, file: String) throws(ThemeError) -> Theme {
        var styles: [StyleRole: RoleStyle] = [:]
        var description = ""
        var seen: Set<String> = []
        // "\r\n" is one Character in Swift, so a CRLF file has to be split on it explicitly.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            func fail(_ message: String) -> ThemeError { ThemeError(file: file, line: lineNumber, message: message) }
            var scanner = Scanner(Substring(rawLine))
            scanner.skipSpaces()
            if scanner.atEndOrComment { continue }
            if scanner.peek == "[" {
                throw fail(
                    "table headers like [\(rawLine.trimmingSpaces.dropFirst().prefix(while: { $0 != "]" }))] are not supported; write each role as `role = { fg = \"...\" }`"
                )
            }
            let key: String
            let value: Value
            do throws(ScanError) {
                key = try scanner.key()
                scanner.skipSpaces()
                guard scanner.take("=") else { throw ScanError("expected `=` after \(key)") }
                scanner.skipSpaces()
                value = try scanner.value()
                scanner.skipSpaces()
                guard scanner.atEndOrComment else {
                    throw ScanError("unexpected text after the value: \(scanner.rest)")
                }
            } catch {
                throw fail(error.message)
            }
            guard seen.insert(key).inserted else { throw fail("\(key) is set twice") }
            switch key {
            case "description":
                guard case .string(let s) = value else { throw fail("description must be a string") }
                description = s
            case "name":
                guard case .string = value else { throw fail("name must be a string") }
            default:
                guard let role = StyleRole(rawValue: key) else {
                    throw fail(
                        "unknown role \(key); known roles: \(StyleRole.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                do throws(ScanError) {
                    styles[role] = try style(from: value, role: key)
                } catch {
                    throw fail(error.message)
                }
            }
        }
        return Theme(name: name, description: description, styles: styles)
    }

    private static func style(from value: Value, role: String) throws(ScanError) -> RoleStyle {
        guard case .table(let fields) = value else {
            throw ScanError("\(role) must be an inline table like { fg = \"green\", attrs = [\"bold\"] }")
        }
        var style = RoleStyle()
        for (field, fieldValue) in fields {
            switch field {
            case "fg": style.foreground = try color(fieldValue, field: field)
            case "bg": style.background = try color(fieldValue, field: field)
            case "fg256": style.foreground256 = try color256(fieldValue, field: field)
            case "bg256": style.background256 = try color256(fieldValue, field: field)
            case "attrs": style.attributes = try attributes(fieldValue, field: field)
            case "mono": style.mono = try attributes(fieldValue, field: field)
            default: throw ScanError("unknown field \(field) in \(role); fields are fg, bg, fg256, bg256, attrs, mono")
            }
        }
        return style
    }

    private static func color(_ value: Value, field: String) throws(ScanError) -> TerminalColor {
        guard case .string(let name) = value else { throw ScanError("\(field) must be a colour name in quotes") }
        guard let color = TerminalColor(name: name) else {
            throw ScanError(
                "unknown colour \"\(name)\" in \(field); colours: \(TerminalColor.allCases.map(\.name).joined(separator: ", "))"
            )
        }
        return color
    }

    private static func color256(_ value: Value, field: String) throws(ScanError) -> Int? {
        switch value {
        case .integer(let n) where (0...255).contains(n): return n
        case .integer(let n): throw ScanError("\(field) must be between 0 and 255, not \(n)")
        case .string("default"): return -1
        default: throw ScanError("\(field) must be a number from 0 to 255 or \"default\"")
        }
    }

    private static func attributes(_ value: Value, field: String) throws(ScanError) -> TextAttributes {
        guard case .array(let items) = value else { throw ScanError("\(field) must be an array like [\"bold\"]") }
        var result: TextAttributes = []
        for item in items {
            guard case .string(let name) = item, let match = TextAttributes.named.first(where: { $0.name == name })
            else {
                throw ScanError(
                    "unknown attribute \(item) in \(field); attributes: \(TextAttributes.named.map(\.name).joined(separator: ", "))"
                )
            }
            result.insert(match.value)
        }
        return result
    }
}

/// A parsed value of the TOML subset.
enum Value: Hashable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case array([Value])
    case table([(String, Value)])

    static func == (lhs: Value, rhs: Value) -> Bool { lhs.description == rhs.description }
    func hash(into hasher: inout Hasher) { hasher.combine(description) }

    var description: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .integer(let n): return String(n)
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .table(let fields): return "{ " + fields.map { "\($0.0) = \($0.1)" }.joined(separator: ", ") + " }"
        }
    }
}

struct ScanError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// A cursor over one line.
private struct Scanner {
    var characters: [Character]
    var position = 0

    init(_ line: Substring) {
        characters = Array(line.hasSuffix("\r") ? line.dropLast() : line)
    }

    var peek: Character? { position < characters.count ? characters[position] : nil }
    var rest: String { String(characters[position...]) }
    var atEndOrComment: Bool { peek == nil || peek == "#" }

    mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" { position += 1 }
    }

    mutating func take(_ c: Character) -> Bool {
        guard peek == c else { return false }
        position += 1
        return true
    }

    mutating func key() throws(ScanError) -> String {
        if peek == "\"" { return try string() }
        var key = ""
        while let c = peek, c.isLetter || c.isNumber || c == "_" || c == "-" || c == "." {
            key.append(c)
            position += 1
        }
        guard !key.isEmpty else {
            throw ScanError("expected a key, found \(peek.map { "`\($0)`" } ?? "the end of the line")")
        }
        return key
    }

    /// How deep arrays and tables may nest: themes need two levels; the bound keeps a hostile line of 256 KiB of
    /// `[` from overflowing the stack.
    static let maximumNesting = 8

    mutating func value(depth: Int = 0) throws(ScanError) -> Value {
        guard let c = peek else { throw ScanError("expected a value after `=`") }
        if (c == "[" || c == "{") && depth >= Self.maximumNesting {
            throw ScanError("arrays and tables nest at most \(Self.maximumNesting) levels deep")
        }
        switch c {
        case "\"": return .string(try string())
        case "[":
            position += 1
            var items: [Value] = []
            skipSpaces()
            if take("]") { return .array(items) }
            while true {
                skipSpaces()
                if peek == nil { throw ScanError("unclosed `[`: arrays stay on one line") }
                items.append(try value(depth: depth + 1))
                skipSpaces()
                if take("]") { return .array(items) }
                guard take(",") else { throw ScanError("expected `,` or `]` in the array (arrays stay on one line)") }
                skipSpaces()
                if take("]") { return .array(items) }
            }
        case "{":
            position += 1
            var fields: [(String, Value)] = []
            skipSpaces()
            if take("}") { return .table(fields) }
            while true {
                skipSpaces()
                if peek == nil { throw ScanError("unclosed `{`: inline tables stay on one line") }
                let k = try key()
                if fields.contains(where: { $0.0 == k }) { throw ScanError("\(k) is set twice in the table") }
                skipSpaces()
                guard take("=") else { throw ScanError("expected `=` after \(k)") }
                skipSpaces()
                fields.append((k, try value(depth: depth + 1)))
                skipSpaces()
                if take("}") { return .table(fields) }
                guard take(",") else {
                    throw ScanError("expected `,` or `}` in the inline table (tables stay on one line)")
                }
            }
        case "-", "+", "0"..."9":
            var digits = ""
            while let d = peek, d.isNumber || d == "-" || d == "+" || d == "_" {
                if d != "_" { digits.append(d) }
                position += 1
            }
            guard let n = Int(digits) else { throw ScanError("\(digits) is not a whole number") }
            return .integer(n)
        default:
            throw ScanError("unsupported value starting with `\(c)`: use \"strings\", numbers, [arrays] or { tables }")
        }
    }

    mutating func string() throws(ScanError) -> String {
        guard take("\"") else { throw ScanError("expected a string in double quotes") }
        var result = ""
        while let c = peek {
            position += 1
            switch c {
            case "\"": return result
            case "\\":
                guard let e = peek else { break }
                position += 1
                switch e {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: throw ScanError("unsupported escape \\\(e) in a string")
                }
            default: result.append(c)
            }
        }
        throw ScanError("unterminated string (strings stay on one line)")
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        drop(while: { $0 == " " || $0 == "\t" })
    }
}
