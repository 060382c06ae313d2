import ClientModels
import Foundation
import PinningCore

/// `lint`'s work: the manifest judged by the lockout guard with what the disk says of it (unreadable trust anchors),
/// the clients it is exported to, and the chains its hosts serve, each judged as `validate` judges it.
public struct LintRun {
    public var document: ManifestDocument
    public var served: [(host: String, chain: [ChainCertificate])]
    /// The anchors the served chains are judged with; nil when no chain is given (none need reading).
    public var anchors: TrustAnchors?
    public var clients: [PinClient]

    public init(
        document: ManifestDocument, served: [(host: String, chain: [ChainCertificate])], anchors: TrustAnchors?,
        clients: [PinClient]
    ) {
        self.document = document
        self.served = served
        self.anchors = anchors
        self.clients = clients
    }

    public func run(at now: Date) async -> [LintFinding] {
        var chains: [String: ServedChain] = [:]
        if let anchors, !served.isEmpty {
            let validator = PinValidator(manifest: document.manifest, trustAnchors: anchors)
            chains = await ServedChain.judged(served, by: validator, at: now)
        }
        let environment = LintEnvironment.gather(for: document, clients: clients)
        return ManifestLinter(environment).lint(document, now: now, served: chains)
    }
}
