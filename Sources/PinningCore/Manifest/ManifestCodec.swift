import Foundation

/// Turns manifest JSON into values and back, strictly on the way in and deterministically on the way out.
public enum ManifestCodec {
    /// Decodes a manifest; `path` names the file in errors, which carry the JSON path of the offending field.
    ///
    /// A large manifest is decoded in parts, one per core: each part parses the whole text, which is quick, but
    /// builds only its share of the domains, which is where the time goes. Part 0 also reads the top-level fields,
    /// and its error is reported first, so the error is the one a single pass would report.
    public static func decode(_ data: Data, path: String) throws(ManifestError) -> PinManifest {
        let parts = min(ProcessInfo.processInfo.activeProcessorCount, data.count / bytesPerPart)
        return try decode(data, path: path, parts: parts)
    }

    /// Decodes in `count` parts on as many threads.
    static func decode(_ data: Data, path: String, parts count: Int) throws(ManifestError) -> PinManifest {
        guard count > 1 else { return try decode(data, part: nil, path: path) }
        let results = ResultSlots(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results[index] = Result { () throws(ManifestError) in
                try decode(data, part: Part(index: index, count: count), path: path)
            }
        }
        var manifest = try results[0].get()
        for index in 1..<count {
            manifest.domains += try results[index].get().domains
        }
        return manifest
    }

    /// Below this size one pass is fast enough that threads would not pay for themselves.
    static let bytesPerPart = 1 << 20

    private static func decode(_ data: Data, part: Part?, path: String) throws(ManifestError) -> PinManifest {
        let decoder = JSONDecoder()
        if let part { decoder.userInfo[partKey] = part }
        do {
            return try decoder.decode(PinManifest.self, from: data)
        } catch let error as DecodingError {
            throw ManifestError(.invalidSchema, path: path, reason: describe(error))
        } catch {
            throw ManifestError(.invalidJSON, path: path, reason: "not valid JSON (\(error.localizedDescription))")
        }
    }

    /// One of `count` parts of a parallel decode: the domains it builds.
    struct Part: Sendable {
        let index: Int
        let count: Int

        /// The indices of the `domains` array this part builds; with an unknown length, part 0 builds them all.
        func range(count total: Int?) -> Range<Int> {
            guard let total else { return index == 0 ? 0..<Int.max : 0..<0 }
            return (total * index / count)..<(total * (index + 1) / count)
        }
    }

    static let partKey = CodingUserInfoKey(rawValue: "pinbench.manifestPart")!

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

/// One result per part of a parallel decode, each written by its own thread and read after all have finished.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [Result<PinManifest, ManifestError>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Result<PinManifest, ManifestError> {
        get { lock.withLock { slots[index]! } }
        set { lock.withLock { slots[index] = newValue } }
    }
}
