import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore

/// The manifests the benchmarks run on: `count` enforced domains, each with an active and a backup pin, as a
/// pinned production manifest would have (fewer pins would be lint errors). Pins carry their `added` time, as pins
/// made by pinbench do; without it, the launch figures show what parsing timestamps costs.
enum BenchmarkManifest {
    static func make(domains count: Int, timestamps: Bool = true) -> PinManifest {
        let now: Date? = timestamps ? Date(timeIntervalSince1970: 1_790_000_000) : nil
        let domains = (0..<count).map { index in
            DomainPolicy(
                host: String(format: "host%05d.bench.example", index),
                pins: [
                    Pin(type: .spkiSHA256, value: pinValue(index, 0), role: .active, position: .leaf, added: now),
                    Pin(type: .spkiSHA256, value: pinValue(index, 1), role: .backup, position: .ca, added: now),
                ])
        }
        return PinManifest(domains: domains)
    }

    /// Writes the manifest for `count` domains into `folder` and returns its path.
    static func write(domains count: Int, timestamps: Bool = true, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent("bench-\(count)\(timestamps ? "" : "-untimed").json")
        try ManifestCodec.encode(make(domains: count, timestamps: timestamps)).write(to: url)
        return url.path
    }

    /// A well-formed 44-character pin value, different for every domain and slot.
    static func pinValue(_ index: Int, _ slot: Int) -> String {
        var bytes = [UInt8](repeating: UInt8(slot), count: 32)
        withUnsafeBytes(of: UInt32(index).littleEndian) { for (i, byte) in $0.enumerated() { bytes[i] = byte } }
        return Data(bytes).base64EncodedString()
    }

    /// A document written to `folder` and loaded as the workbench loads it: the diff re-reads the file.
    static func loadedDocument(domains count: Int, in folder: URL) throws -> ManifestDocument {
        try ManifestStore.load(URL(fileURLWithPath: write(domains: count, in: folder)))
    }

    /// A document for the in-memory benchmarks, as if loaded from disk (so it starts clean).
    static func document(domains count: Int) -> ManifestDocument {
        let manifest = make(domains: count)
        let text = String(decoding: ManifestCodec.encode(manifest), as: UTF8.self)
        return ManifestDocument(
            manifest: manifest, url: URL(fileURLWithPath: "/tmp/bench.json"), loadedFingerprint: "bench",
            loadedText: text)
    }
}
