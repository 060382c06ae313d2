import Foundation
import ManifestLint
import PinningCore

/// Judges a served chain for `pinbench diff` as each side's app would: with the old manifest's trust anchors and
/// with the new one's, through the validator (``ServedEvidence``).
struct ServedJudge {
    let before: PinValidator
    let after: PinValidator
    /// The new side's anchors: live probes build against them.
    var anchorsAfter: TrustAnchors { after.trustAnchors }

    /// Reads each side's anchors (``DiffAnchors``); anchors read at a revision are copied into `scratch`.
    init(before old: LoadedSide, after new: LoadedSide, trust: TrustOptions, scratch: ScratchFolder) throws {
        before = PinValidator(
            manifest: old.manifest,
            trustAnchors: try DiffAnchors.anchors(for: old, role: .old, trust: trust, scratch: scratch.url))
        after = PinValidator(
            manifest: new.manifest,
            trustAnchors: try DiffAnchors.anchors(for: new, role: .new, trust: trust, scratch: scratch.url))
    }

    /// `chain` (as `host` serves it) judged by both sides at `time`, within `limits`.
    func evidence(
        host: String, chain: [ChainCertificate], at time: Date, limits: PathBuildingLimits = PathBuildingLimits()
    ) async -> ServedEvidence {
        let old = await before.validate(host: host, chain: chain, at: time, limits: limits)
        let new = await after.validate(host: host, chain: chain, at: time, limits: limits)
        return ServedEvidence(
            before: ServedEvidence.Judgement(presented: chain, verdict: old),
            after: ServedEvidence.Judgement(presented: chain, verdict: new))
    }
}

/// A private folder under the system's temporary folder, made when first asked for and removed by its owner.
final class ScratchFolder {
    private var made: URL?

    func url() throws -> URL {
        if let made { return made }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CLIFailure("could not make a temporary folder: " + SystemCallFailure.describe(error, path: url.path))
        }
        made = url
        return url
    }

    func remove() {
        if let made { try? FileManager.default.removeItem(at: made) }
        made = nil
    }
}
