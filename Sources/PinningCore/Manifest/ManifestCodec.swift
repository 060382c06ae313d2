import Foundation

/// Turns manifest JSON into values and back, strictly on the way in and deterministically on the way out.
public enum ManifestCodec {
    /// The largest manifest read, in bytes; see ``JSONReader/maximumSize``.
    public static var maximumSize: Int { JSONReader.maximumSize }
    /// The deepest nesting read; see ``JSONReader/maximumDepth``.
    public static var maximumDepth: Int { JSONReader.maximumDepth }

    /// Decodes a manifest with the strict reader; `path` names the file in errors, which carry the line, column
    /// and JSON path of the offending text.
    ///
    /// A large manifest's domains are built in parts, one per core, from the one parsed tape. Each part reports
    /// its first error, and the error of the earliest part wins, so the error is the one a single pass reports.
    public static func decode(_ data: Data, path: String) throws(ManifestError) -> PinManifest {
        let parts = min(ProcessInfo.processInfo.activeProcessorCount, data.count / bytesPerPart)
        return try decode(data, path: path, parts: parts)
    }

    /// Below this size one pass is fast enough that threads would not pay for themselves.
    static let bytesPerPart = 1 << 20

    /// Decodes, building the domains in `count` parts on as many threads; `repeats: false` reads every container
    /// byte by byte and builds every domain's pins (the plain path, for tests).
    static func decode(
        _ data: Data, path: String, parts count: Int, repeats: Bool = true
    ) throws(ManifestError) -> PinManifest {
        let tape = try readTape(data, path: path, repeats: repeats)
        do {
            guard count > 1 else { return try PinManifest(tape) }
            let total = try PinManifest(tape, domains: 0..<0).domainCount(in: tape)
            let results = ResultSlots(count: count)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                let share = (total * index / count)..<(total * (index + 1) / count)
                results[index] = Result { () throws(SchemaFailure) in try PinManifest(tape, domains: share) }
            }
            var manifest = try results[0].get()
            for index in 1..<count {
                manifest.domains += try results[index].get().domains
            }
            return manifest
        } catch {
            throw schemaError(error, in: tape, path: path)
        }
    }

    /// Reads a strict-JSON document of another format kept beside the manifest (a releases file, …) with the same
    /// reader and bounds: `build` turns the tape's top-level value (node 0) into the value, typically through
    /// ``StrictFields``. Errors carry the file, line, column and JSON path, as the manifest's do.
    public static func decodeDocument<Value>(
        _ data: Data, path: String, build: (JSONTape) throws(SchemaFailure) -> Value
    ) throws(ManifestError) -> Value {
        let tape = try readTape(data, path: path)
        do {
            return try build(tape)
        } catch {
            throw schemaError(error, in: tape, path: path)
        }
    }

    /// The strict reader's tape of `data`, within the size bound; syntax errors name `path`.
    private static func readTape(_ data: Data, path: String, repeats: Bool = true) throws(ManifestError) -> JSONTape {
        guard data.count <= maximumSize else { throw tooLarge(path: path, size: data.count) }
        do {
            return try JSONReader.read([UInt8](data), repeats: repeats)
        } catch {
            throw ManifestError(syntax: error, path: path)
        }
    }

    private static func schemaError(_ failure: SchemaFailure, in tape: JSONTape, path: String) -> ManifestError {
        var jsonPath = tape.path(to: failure.node)
        if let field = failure.missingField { jsonPath += JSONPathText.member(field) }
        return ManifestError(
            .invalidSchema, path: path, reason: "\(jsonPath): \(failure.message)",
            position: tape.position(of: failure.node))
    }

    /// Reads the manifest file at `url` through ``BoundedFileReader``: a file larger than ``maximumSize`` is
    /// refused before it is read, and a pipe or device is refused without blocking.
    public static func readFile(_ url: URL) throws(ManifestError) -> Data {
        do {
            return try BoundedFileReader.read(url, limit: maximumSize, what: "manifest")
        } catch {
            switch error.code {
            case .notFound:
                throw ManifestError(
                    .notFound, path: error.path, reason: "no such manifest (create one with `pinbench pin add`)")
            case .tooLarge:
                throw ManifestError(.tooLarge, path: error.path, reason: error.reason)
            default:
                throw ManifestError(.unreadable, path: error.path, reason: error.reason)
            }
        }
    }

    private static func tooLarge(path: String, size: Int) -> ManifestError {
        ManifestError(
            .tooLarge, path: path,
            reason: "is \(size) bytes, larger than \(BoundedFileReader.describe(bytes: maximumSize)), the limit for a "
                + "manifest; is it the right file?")
    }

    /// Encodes with sorted keys, two-space indentation, domains ordered by host and a final newline, so the same
    /// manifest always produces the same bytes and a git diff shows only what changed.
    public static func encode(_ manifest: PinManifest) -> Data {
        // Encoding plain strings, numbers and arrays cannot fail.
        try! CanonicalJSON.encode(manifest.canonicallyOrdered)
    }
}

extension PinManifest {
    /// The number of elements of `domains` in the tape's manifest.
    fileprivate func domainCount(in tape: JSONTape) throws(SchemaFailure) -> Int {
        try StrictFields(tape, 0, CodingKeys.self).arrayIfPresent(.domains)?.remaining ?? 0
    }
}

/// One result per part of a parallel decode, each written by its own thread and read after all have finished.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [Result<PinManifest, SchemaFailure>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Result<PinManifest, SchemaFailure> {
        get { lock.withLock { slots[index]! } }
        set { lock.withLock { slots[index] = newValue } }
    }
}
