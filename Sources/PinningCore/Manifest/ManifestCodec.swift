import Foundation

/// Turns manifest JSON into values and back, strictly on the way in and deterministically on the way out.
public enum ManifestCodec {
    /// Decodes a manifest; `path` names the file in errors, which carry the JSON path of the offending field.
    public static func decode(_ data: Data, path: String) throws(ManifestError) -> PinManifest {
        do {
            return try JSONDecoder().decode(PinManifest.self, from: data)
        } catch let error as DecodingError {
            throw ManifestError(.invalidSchema, path: path, reason: describe(error))
        } catch {
            throw ManifestError(.invalidJSON, path: path, reason: "not valid JSON (\(error.localizedDescription))")
        }
    }

    /// Encodes with sorted keys, two-space indentation, domains ordered by host and a final newline, so the same
    /// manifest always produces the same bytes and a git diff shows only what changed.
    public static func encode(_ manifest: PinManifest) -> Data {
        // Encoding plain strings, numbers and arrays cannot fail.
        try! CanonicalJSON.encode(manifest.canonicallyOrdered)
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(jsonPath(context.codingPath + [key])): required field is missing"
        case .typeMismatch(let type, let context):
            return "\(jsonPath(context.codingPath)): expected \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(jsonPath(context.codingPath)): expected \(typeName(type)), found null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return "not valid JSON (\(detail ?? context.debugDescription))"
            }
            return "\(jsonPath(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }

    /// `$.domains[0].pins[1].value` for a coding path.
    static func jsonPath(_ codingPath: [CodingKey]) -> String {
        var path = "$"
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += "." + key.stringValue
            }
        }
        return path
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "an integer"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "an array"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") || name.contains("Keyed") { return "an object" }
            return "an object"
        }
    }
}
