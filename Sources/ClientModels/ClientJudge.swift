import Foundation
import PinningCore
import X509

/// Applies a ``ClientModel`` to PinBench's verdict on a chain: the client's own default trust (``ClientModel/trust``),
/// then the client's own idea of which pins apply and which certificates they may match.
///
/// A client whose trust rules are PinBench's platform profile takes the verdict's path; curl and OkHttp take the path
/// their own stack's rules verify (``ClientStackTrust``, computed once per chain). Revocation is left to PinBench's
/// own verdict; Certificate Transparency too, except where Android's target requires it (``AndroidTarget``), which
/// the core's CT policy result on the verdict then decides.
public enum ClientJudge {
    /// What `model`'s client decides when connecting to `host` and given the chain `verdict` judged; `stacks` is what
    /// the clients' TLS stacks decided about the same chain (``ClientStackTrust/evaluate(_:chain:validator:at:limits:for:)``);
    /// `android`, the Android app's target, when one was given.
    public static func judge(
        _ model: ClientModel, host: String, manifest: PinManifest, verdict: Verdict, stacks: ClientStackTrust,
        at time: Date, android: AndroidTarget? = nil
    ) -> ClientVerdict {
        let wording = model.wording
        let context = ClientWordingContext(client: model.client, host: host)
        func quote(_ outcome: ClientVerdict.Outcome, _ words: ClientWords, level: Int? = nil) -> ClientVerdict {
            ClientVerdict(
                client: model.client, outcome: outcome, reason: words.reason, clientMessage: words.message,
                matchedLevel: level, pinBench: verdict)
        }
        func decide(_ outcome: ClientVerdict.Outcome, _ reason: String, level: Int? = nil) -> ClientVerdict {
            quote(outcome, ClientWords(reason), level: level)
        }
        let domains = applicableDomains(model, host: host, manifest: manifest)
        // The client refuses its whole configuration for one short domain, whichever host it then connects to.
        if let short = manifest.domains.first(where: { model.refusesDomain(carrying: model.carriedPins($0).count) }) {
            let count = model.carriedPins(short).count
            return decide(
                .configurationRefused, wording.tooFewPins(short, count: count, minimum: model.minimumPins, context))
        }
        let path: [PresentedCertificate]
        switch stacks.trust(for: model, verdict: verdict) {
        case .refused(let refusal): return quote(.rejected, wording.untrusted(refusal, context))
        case .trusted(let certificates): path = certificates.filter(\.inVerifiedPath)
        }
        if model.client == .android, let android,
            android.requiresTransparency(manifest, configured: !domains.isEmpty)
        {
            let why = android.transparencyReason(manifest, configured: !domains.isEmpty)
            if let refusal = transparencyRefusal(verdict, why: why) {
                return quote(.rejected, refusal)
            }
        }
        guard model.certificates != .none else { return decide(.notPinned, CommonWording.ignoresPins) }
        guard let first = domains.first else {
            guard let policy = verdict.policy else { return decide(.notPinned, CommonWording.notConfigured(context)) }
            return decide(.notPinned, wording.notConfigured(policy, context))
        }
        if model.expiry == .honoured, first.hasLapsed(at: time) {
            return decide(.pinsLapsed, wording.lapsed(first, context))
        }
        if model.reportOnly == .notPinned, first.mode == .reportOnly {
            return decide(.notPinned, CommonWording.reportOnlyNotPinned(context))
        }
        let pins = domains.flatMap { model.carriedPins($0) }
        guard !pins.isEmpty else { return decide(.notPinned, wording.nothingCarried(first, context)) }
        if let level = match(model, pins: pins, path: path) {
            let subject = path[level].lazyDetails.subject
            return decide(.accepted, wording.matched(level: level, subject: subject, context), level: level)
        }
        if model.reportOnly == .reported, first.mode == .reportOnly {
            return decide(.reportOnlyViolation, wording.reported(context))
        }
        return quote(.rejected, wording.pinFailure(expiredInManifest: first.hasLapsed(at: time), context))
    }

    /// Every client's verdict, in the order of `clients`.
    public static func judgeAll(
        _ clients: [PinClient], host: String, manifest: PinManifest, verdict: Verdict, stacks: ClientStackTrust,
        at time: Date, android: AndroidTarget? = nil
    ) -> [ClientVerdict] {
        clients.map {
            judge(.of($0), host: host, manifest: manifest, verdict: verdict, stacks: stacks, at: time, android: android)
        }
    }

    /// Every client's verdict on `chain` (as sent, leaf first), which `validator` judged as `verdict`: the clients'
    /// stacks decide first (for these clients only), then each client's pins.
    public static func judgeAll(
        _ clients: [PinClient], host: String, manifest: PinManifest, verdict: Verdict, chain: [ChainCertificate],
        validator: PinValidator, at time: Date, limits: PathBuildingLimits = PathBuildingLimits(),
        android: AndroidTarget? = nil
    ) async -> [ClientVerdict] {
        guard !clients.isEmpty else { return [] }
        let stacks = await ClientStackTrust.evaluate(
            verdict, chain: chain, validator: validator, at: time, limits: limits, for: clients.map { .of($0) })
        return judgeAll(
            clients, host: host, manifest: manifest, verdict: verdict, stacks: stacks, at: time, android: android)
    }

    /// Android's CT gate, where the target requires CT (`why` says why): nil when the leaf meets the core's CT policy (the
    /// ``PinningCore/CTPolicyResult`` on the verdict), else the refusal. Without a result (no log list was given, or
    /// the leaf is its own anchor) the gate cannot judge, so it refuses: a client that requires CT never connects on
    /// SCTs nobody verified.
    static func transparencyRefusal(_ verdict: Verdict, why: String) -> ClientWords? {
        let message = "Certificate chain does not conform to required transparency policy."
        guard let result = verdict.transparency else {
            return ClientWords.quoting(
                message,
                note: " (\(why); the SCTs were not checked, so PinBench cannot tell that they would pass: give "
                    + "--ct-log-list)")
        }
        guard !result.meetsPolicy else { return nil }
        return ClientWords.quoting(message, note: " (\(why); \(result.summary))")
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
            path[level].pinValue(pin.type) == pin.value
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
