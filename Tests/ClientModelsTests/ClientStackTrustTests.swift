import ClientModels
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// ``ClientStackTrust``: the clients' stacks judged from the core's verdict, path and chain, for the clients asked
/// about. A leaf without extended key usage issued now is refused by PinBench's platform profile (iOS 13's rule) and
/// accepted by curl's and OkHttp's stacks.
@Suite("Client stack trust")
struct ClientStackTrustTests {
    let pki = Fixtures.pki

    func noEKU() throws -> (PinValidator, [ChainCertificate]) {
        var profile = EdgeCertificate.Profile(commonName: pki.host)
        profile.dnsNames = [pki.host]
        profile.extendedKeyUsage = nil
        let leaf = try EdgeCertificate.issue(profile, issuer: pki.intermediate)
        let chain = [leaf, pki.intermediate].map { ChainCertificate($0.certificate) }
        return (Fixtures.validator(Fixtures.manifest()), chain)
    }

    @Test("a chain the platform refuses for its usage is trusted by curl's and OkHttp's stacks, judged once each")
    func stacksDecideWherePlatformRefuses() async throws {
        let (validator, chain) = try noEKU()
        let verdict = await validator.validate(host: pki.host, chain: chain, at: Date())
        #expect(verdict.rejection == .wrongKeyUsage, "\(verdict.report)")
        let stacks = await ClientStackTrust.evaluate(verdict, chain: chain, validator: validator, at: Date())
        let judged = ClientJudge.judgeAll(
            PinClient.allCases, host: pki.host, manifest: validator.manifest, verdict: verdict, stacks: stacks,
            at: Date())
        let outcomes = Dictionary(uniqueKeysWithValues: judged.map { ($0.client, $0.outcome) })
        #expect(outcomes[.curl] == .notPinned)
        #expect(outcomes[.okhttp3] == .notPinned)
        #expect(outcomes[.ats] == .rejected)
        #expect(outcomes[.android] == .rejected)
    }

    @Test("a stack not computed refuses (fails closed) rather than borrowing PinBench's platform decision")
    func missingStackFailsClosed() async throws {
        let (validator, chain) = try noEKU()
        let verdict = await validator.validate(host: pki.host, chain: chain, at: Date())
        let onlyApple = await ClientStackTrust.evaluate(
            verdict, chain: chain, validator: validator, at: Date(), for: [.ats])
        let curl = ClientJudge.judge(
            .curl, host: pki.host, manifest: validator.manifest, verdict: verdict, stacks: onlyApple, at: Date())
        #expect(curl.outcome == .rejected, "\(curl.reason)")
        let full = await ClientStackTrust.evaluate(verdict, chain: chain, validator: validator, at: Date())
        #expect(full != onlyApple)
    }
}
