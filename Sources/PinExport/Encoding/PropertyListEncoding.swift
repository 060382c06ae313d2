/// XML property lists (Info.plist fragments) written by hand, with every string escaped as XML text.
///
/// Foundation's `PropertyListSerialization` writes strings with control characters raw, which no XML parser then
/// reads (a U+0001 in a label makes the whole Info.plist unreadable). This writer lays the text out as Foundation
/// does (tabs, keys sorted) and escapes strings with ``XMLEncoding``; a string XML 1.0 cannot carry is written
/// with visible escapes and reported in ``Rendering/altered`` so the export can warn.
public enum PropertyListEncoding {
    /// A property-list value of the kinds the exports use.
    public indirect enum Value: Sendable, Equatable {
        case string(String)
        case bool(Bool)
        case array([Value])
        case dictionary([String: Value])
    }

    /// The document and the strings (keys or values) that could not be carried exactly.
    public struct Rendering: Sendable {
        public let text: String
        public let altered: [String]
    }

    /// The XML property-list document for `root`, with a final newline.
    public static func render(_ root: Value) -> Rendering {
        var writer = Writer()
        writer.text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        writer.write(root, depth: 0)
        writer.text += "</plist>\n"
        return Rendering(text: writer.text, altered: writer.altered)
    }

    /// The text of a `<string>` or `<key>` element's content.
    public static func string(_ value: String) -> String {
        XMLEncoding.text(value)
    }

    private struct Writer {
        var text = ""
        var altered: [String] = []

        mutating func write(_ value: Value, depth: Int) {
            let indent = String(repeating: "\t", count: depth)
            switch value {
            case .string(let string):
                text += indent + "<string>" + escaped(string) + "</string>\n"
            case .bool(let flag):
                text += indent + (flag ? "<true/>" : "<false/>") + "\n"
            case .array(let items) where items.isEmpty:
                text += indent + "<array/>\n"
            case .array(let items):
                text += indent + "<array>\n"
                for item in items { write(item, depth: depth + 1) }
                text += indent + "</array>\n"
            case .dictionary(let entries) where entries.isEmpty:
                text += indent + "<dict/>\n"
            case .dictionary(let entries):
                text += indent + "<dict>\n"
                for key in entries.keys.sorted() {
                    text += indent + "\t<key>" + escaped(key) + "</key>\n"
                    write(entries[key]!, depth: depth + 1)
                }
                text += indent + "</dict>\n"
            }
        }

        private mutating func escaped(_ string: String) -> String {
            if !XMLEncoding.canCarry(string) { altered.append(string) }
            return PropertyListEncoding.string(string)
        }
    }
}
