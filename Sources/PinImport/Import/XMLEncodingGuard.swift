import Foundation

/// Decides what XML text the parser will read before it reads it: UTF-8 only.
///
/// An XML parser decodes the file in the encoding its declaration names, so a file declaring `encoding="UTF-7"`
/// can spell `<!DOCTYPE` as `+ADw-!DOCTYPE`: a search of the bytes for the declaration misses what the parser then
/// sees. Refusing every encoding but UTF-8 (a UTF-8 byte order mark allowed) makes the bytes checked the text parsed.
enum XMLEncodingGuard {
    /// The text of `data`, which is UTF-8 with no NUL and declares no other encoding; otherwise the reason.
    static func utf8Text(_ data: Data, path: String) throws(ImportError) -> String {
        if let encoding = byteOrderEncoding(data) {
            throw refused(path, "is \(encoding) text (its first bytes say so)")
        }
        guard let text = String(validating: data, as: UTF8.self), !text.contains("\0") else {
            throw ImportError(.notXML, path: path, reason: "is not UTF-8 text; save it as UTF-8 XML")
        }
        if let declared = declaredEncoding(text), !["utf-8", "utf8"].contains(declared.lowercased()) {
            throw refused(path, "declares encoding=\"\(ImportText.shown(declared))\"")
        }
        return text
    }

    /// The encoding named by the first bytes when it is not UTF-8: a UTF-16 or UTF-32 byte order mark, or the
    /// zero bytes of `<` written in one of them without a mark.
    private static func byteOrderEncoding(_ data: Data) -> String? {
        let head = Array(data.prefix(4))
        let patterns: [(bytes: [UInt8], name: String)] = [
            ([0x00, 0x00, 0xFE, 0xFF], "UTF-32"), ([0xFF, 0xFE, 0x00, 0x00], "UTF-32"),
            ([0xFE, 0xFF], "UTF-16"), ([0xFF, 0xFE], "UTF-16"),
            ([0x00, 0x00, 0x00, 0x3C], "UTF-32"), ([0x3C, 0x00, 0x00, 0x00], "UTF-32"),
            ([0x00, 0x3C], "UTF-16"), ([0x3C, 0x00], "UTF-16"),
        ]
        return patterns.first { head.starts(with: $0.bytes) }?.name
    }

    /// The `encoding` of an XML declaration (`<?xml ... ?>`) anywhere in `text`, if one names it.
    private static func declaredEncoding(_ text: String) -> String? {
        var rest = Substring(text)
        while let start = rest.range(of: "<?xml", options: .caseInsensitive) {
            let declaration = rest[start.upperBound...].prefix { $0 != ">" }
            if let name = declaration.range(of: "encoding", options: .caseInsensitive) {
                let after = declaration[name.upperBound...].drop { $0.isWhitespace || $0 == "=" }
                guard let quote = after.first, quote == "\"" || quote == "'" else { return String(after.prefix(20)) }
                return String(after.dropFirst().prefix { $0 != quote })
            }
            rest = rest[start.upperBound...]
        }
        return nil
    }

    private static func refused(_ path: String, _ what: String) -> ImportError {
        ImportError(
            .encodingRefused, path: path,
            reason: what + "; only UTF-8 is read, so that what is checked is what the parser reads. Save the file "
                + "as UTF-8 and declare encoding=\"UTF-8\" (or no encoding)")
    }
}
