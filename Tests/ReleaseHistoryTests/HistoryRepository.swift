import Foundation
import PinningCore
import TestSupport

/// A real git repository in a temporary folder holding `pins.json`, for reading manifests as they were.
struct HistoryRepository {
    let folder = TemporaryFolder()

    var manifestURL: URL { folder.url.appendingPathComponent("pins.json") }

    /// A manifest pinning `host` with two well-formed pins (their bytes from `seed`).
    static func manifest(host: String, seed: UInt8, trustAnchors: [String] = []) -> PinManifest {
        let pins = [seed, seed &+ 1].map { byte in
            Pin(type: .spkiSHA256, value: Data(repeating: byte, count: 32).base64EncodedString())
        }
        return PinManifest(trustAnchors: trustAnchors, domains: [DomainPolicy(host: host, pins: pins)])
    }

    static func make() async throws -> HistoryRepository {
        let repository = HistoryRepository()
        try await GitCLI.run(["init", "-q", "-b", "main"], in: repository.folder.url)
        return repository
    }

    /// Writes `manifest` as pins.json, commits everything and tags the commit `tag`.
    func commit(_ manifest: PinManifest, tag: String) async throws {
        _ = folder.write("pins.json", ManifestCodec.encode(manifest))
        try await GitCLI.run(["add", "-A"], in: folder.url)
        try await GitCLI.run(["commit", "-q", "-m", tag], in: folder.url)
        try await GitCLI.run(["tag", tag], in: folder.url)
    }
}
