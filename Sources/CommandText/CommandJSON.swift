import Foundation
import PinningCore

/// The JSON every `--json` prints: ``CanonicalJSON`` (sorted keys; controls, bidirectional controls and line
/// separators in strings escaped as `\uXXXX`) with dates in ISO 8601 (``JSONDate``: the text of Foundation's
/// `.iso8601`, without the ICU data it reads), the same from the CLI and from the libraries that encode rows as they
/// judge them.
public enum CommandJSON {
    /// The encoder behind every `--json` document.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(JSONDate.string(date))
        }
        return encoder
    }

    /// `value` as one element of a streamed array (``CanonicalJSON/encode(_:thenArray:_:encoder:write:)``).
    public static func element<Value: Encodable>(_ value: Value) throws -> CanonicalJSON.ArrayElement {
        try CanonicalJSON.ArrayElement(value, encoder: encoder())
    }
}
