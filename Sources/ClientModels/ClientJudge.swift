import Foundation
import X509

/// Applies a ``ClientModel`` to PinBench's verdict on a chain: the client's own default trust (``ClientModel/trust``),
/// then the client's own idea of which pins apply and which certificates they may match.
///
/// A client whose trust rules are PinBench's platform profile takes the verdict's path; curl and OkHttp take the path
/// the validator verified under their rules (``Verdict/clientTrust``). Revocation and Certificate Transparency, which
/// these clients do not check by default, are left to PinBench's own verdict.
public enum ClientJudge {
    /// What `model`'s client decides when connecting to `host` and given the chain `verdict` judged.
    public static func judge(
        _ model: ClientModel, host: String, manifest: PinManifest, verdict: Verdict, at time: Date
    ) -> ClientVerdict {
        let wording = ClientWording(client: model.client, host: host)
        func quote(_ outcome: ClientVerdict.Outcome, _ words: ClientWording.Words, level: Int? = nil) -> ClientVerdict {
            ClientVerdict(
                client: model.client, outcome: outcome, reason: words.reason, clientMessage: words.message,
                matchedLevel: level, pinBench: verdict)
        }
        func decide(_ outcome: ClientVerdict.Outcome, _ reason: String, level: Int? = nil) -> ClientVerdict {
            quote(outcome, ClientWording.Words(reason), level: level)
        }
        let domains = applicableDomains(model, host: host, manifest: manifest)
        // The client refuses its whole configuration for one short domain, whichever host it then connects to.
        if let short = manifest.domains.first(where: { model.refusesDomain(carrying: model.carriedPins($0).count) }) {
            return decide(.configurationRefused, wording.tooFewPins(short, count: model.carriedPins(short).count))
        }
        let path: [PresentedCertificate]
        switch trust(model, verdict) {
        case .refused(let refusal): return quote(.rejected, wording.untrusted(refusal))
        case .trusted(let certificates): path = certificates.filter(\.inVerifiedPath)
        }
        guard model.certificates != .none else { return decide(.notPinned, wording.ignoresPins) }
        guard let first = domains.first else {
            return decide(.notPinned, wording.notConfigured(pinBenchPolicy: verdict.policy))
        }
        if model.expiry == .honoured, first.hasLapsed(at: time) {
            return decide(.pinsLapsed, wording.lapsed(first))
        }
        if model.reportOnly == .notPinned, first.mode == .reportOnly {
            return decide(.notPinned, wording.reportOnlyNotPinned)
        }
        let pins = domains.flatMap { model.carriedPins($0) }
        guard !pins.isEmpty else { return decide(.notPinned, wording.nothingCarried(first)) }
        if let level = match(model, pins: pins, path: path) {
            let subject = path[level].lazyDetails.subject
            return decide(.accepted, wording.matched(level: level, subject: subject), level: level)
        }
        if model.reportOnly == .reported, first.mode == .reportOnly {
            return decide(.reportOnlyViolation, wording.reported)
        }
        return quote(.rejected, wording.pinFailure(expiredInManifest: first.hasLapsed(at: time)))
    }

    /// The client's default trust: its own stack's decision where the validator made one under the client's rules,
    /// otherwise the platform's (the verdict itself).
    static func trust(_ model: ClientModel, _ verdict: Verdict) -> ClientTrust {
        if model.trust != .platform, let decided = verdict.clientTrust[model.trust] { return decided }
        guard verdict.isTrusted else {
            return .refused(ClientRefusal(verdict.rejection ?? .untrustedChain))
        }
        return .trusted(path: verdict.certificates)
    }

    /// Every client's verdict, in ``PinClient`` order.
    public static func judgeAll(
        _ clients: [PinClient], host: String, manifest: PinManifest, verdict: Verdict, at time: Date
    ) -> [ClientVerdict] {
        clients.map { judge(.of($0), host: host, manifest: manifest, verdict: verdict, at: time) }
    }

    /// The manifest domains whose configuration in this client applies to `host`: OkHttp's matching patterns all
    /// together, otherwise the domain PinBench picks when the client's configuration covers the host too.
    static func applicableDomains(_ model: ClientModel, host: String, manifest: PinManifest) -> [DomainPolicy] {
        let name = DomainPolicy.normalize(host)
        if model.unitesMatchingDomains { return manifest.domains.filter { model.covers($0, host: name) } }
        guard let policy = manifest.policy(for: host), model.covers(policy, host: name) else { return [] }
        return [policy]
    }

    /// The level of the first certificate of `path` (leaf first) the client's pins match, or nil.
    private static func match(_ model: ClientModel, pins: [Pin], path: [PresentedCertificate]) -> Int? {
        func matches(_ pin: Pin, _ level: Int) -> Bool {
            path[level].lazyDetails.pinValue(pin.type) == pin.value
        }
        switch model.certificates {
        case .none:
            return nil
        case .presentedLeaf:
            // The validator's level 0 is always the certificate the server sent first.
            return pins.contains { matches($0, 0) } ? 0 : nil
        case .verifiedPath:
            guard model.positions == .leafAndCAIdentities else {
                return path.indices.first { level in pins.contains { matches($0, level) } }
            }
            let leafPins = pins.filter { $0.position == .leaf }
            let caPins = pins.filter { $0.position == .ca }
            let leafMatch = leafPins.contains { matches($0, 0) } ? 0 : nil
            let caMatch = path.indices.dropFirst().first { level in caPins.contains { matches($0, level) } }
            if !leafPins.isEmpty && leafMatch == nil { return nil }
            if !caPins.isEmpty && caMatch == nil { return nil }
            return leafMatch ?? caMatch
        }
    }
}
