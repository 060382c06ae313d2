import Foundation

/// RFC 7469's `pin-sha256="<base64>"`, as `known-pins` lists them (TrustKit writes the same).
enum PinDirective {
    /// The base64 value of a `pin-sha256` directive (the token case-insensitive, the value quoted or not), when it
    /// is 32 bytes of base64; nil for anything else, another algorithm included.
    static func value(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let prefix = "pin-sha256="
        guard trimmed.count > prefix.count, trimmed.lowercased().hasPrefix(prefix) else { return nil }
        var value = String(trimmed.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("\"") {
            guard value.count >= 2, value.hasSuffix("\"") else { return nil }
            value = String(value.dropFirst().dropLast())
        }
        guard value.utf8.count == 44, let bytes = Data(base64Encoded: value), bytes.count == 32 else { return nil }
        return value
    }
}
