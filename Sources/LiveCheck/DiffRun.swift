import ClientModels
import Foundation
import ManifestEditing
import ManifestLint
import PinningCore
import ReleaseHistory

/// `diff`'s work: two sides of the manifest compared, the change's lockout risks judged (those of the pin sets
/// always; those against what a server serves with the chains given or fetched live), and lint's client rules.
public struct DiffRun {
    /// The chains the lockout risks are judged against.
    public enum Served {
        /// None: only the pin sets' own risks are judged.
        case none
        /// The chains hosts serve, given (`--served HOST=FILE`).
        case given([(host: String, chain: [ChainCertificate])])
        /// Fetched from every domain the change could lock out, each connection within the deadline.
        case live(deadline: Duration)
    }

    public var before: LoadedSide
    public var after: LoadedSide
    public var served: Served
    /// The clients the manifest is exported to; nil when none were named (no `clientWarnings` in JSON).
    public var clients: [PinClient]?
    /// A side's trust anchors (the system's or a bundle, plus the manifest's own), from its document.
    public var anchors: (ManifestDocument) throws -> TrustAnchors

    public init(
        before: LoadedSide, after: LoadedSide, served: Served, clients: [PinClient]?,
        anchors: @escaping (ManifestDocument) throws -> TrustAnchors
    ) {
        self.before = before
        self.after = after
        self.served = served
        self.clients = clients
        self.anchors = anchors
    }

    public func run(at now: Date) async throws -> DiffRunReport {
        let diff = ManifestDiff(from: before.manifest, to: after.manifest)
        var evidence: [String: ServedEvidence] = [:]
        var unreachable: [String] = []
        switch served {
        case .none:
            break
        case .given(let entries):
            let judge = try judge()
            for (host, chain) in entries { evidence[host] = await judge.evidence(host: host, chain: chain, at: now) }
        case .live(let deadline):
            (evidence, unreachable) = await LiveChains.diffEvidence(
                diff, after.manifest, judge: try judge(), at: now, deadline: deadline)
        }
        return DiffRunReport(
            old: before.name, new: after.name, diff: diff,
            assessment: diff.lockoutRisks(from: before.manifest, to: after.manifest, served: evidence, now: now),
            unreachable: unreachable,
            clientWarnings: clients.map { diff.clientWarnings(clients: $0, served: evidence.mapValues(\.after.chain)) },
            judgedServed: judgesServed)
    }

    private var judgesServed: Bool {
        if case .none = served { return false }
        return true
    }

    /// Each side's validator, with its own anchors (``DiffAnchors``: a revision's read from the revision).
    private func judge() throws -> ServedJudge {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let validator = { (side: LoadedSide, role: DiffSide.Role) in
            let document = try DiffAnchors.document(for: side, role: role, scratch: scratch.url)
            return PinValidator(manifest: side.manifest, trustAnchors: try anchors(document))
        }
        return ServedJudge(before: try validator(before, .old), after: try validator(after, .new))
    }
}

/// What `diff` reports: the change, its lockout assessment, the hosts not reached, the client warnings; as text
/// (``lines``) or as JSON (``DiffReport``).
public struct DiffRunReport: Encodable, Sendable {
    public let old: String
    public let new: String
    public let diff: ManifestDiff
    public let assessment: LockoutAssessment
    public let unreachable: [String]
    public let clientWarnings: [ClientWarning]?
    /// Whether served chains were judged (given or live): the text then does not ask for them.
    public let judgedServed: Bool

    public var lines: [String] {
        diff.reportLines(
            old: old, new: new, assessment: assessment, clientWarnings: clientWarnings ?? [],
            unreachable: unreachable, judgedServed: judgedServed)
    }

    public func encode(to encoder: any Encoder) throws {
        try DiffReport(
            old: old, new: new, diff: diff, assessment: assessment, unreachable: unreachable,
            clientWarnings: clientWarnings
        ).encode(to: encoder)
    }
}
