import CoreFixtures
import Foundation
import PinningCore
import X509

/// The CPU time of this process so far, in µs (every thread: the verdict runs on the cooperative pool).
func processCPUMicros() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) * 1e6 + Double(now.tv_nsec) / 1e3
}

/// `core-profile stages-rsa|stages-p256 [COUNT]`: each step of a cold verdict from PEM timed in a loop of its own,
/// through the public API (BENCHMARKS.md, "Where each microsecond of a cold verdict goes"). The steps add up to
/// about the cold verdict; the rows are CPU µs per iteration.
enum Stages {
    @concurrent static func run(_ fixture: CoreFixture, count: Int) async {
        let chainDER = fixture.presentedDER
        let anchors = try! CertificateChainDecoder.decode(fixture.anchorPEM, source: "root.pem")
        let parsedChain = try! CertificateChainDecoder.decode(fixture.presentedPEM, source: "chain.pem")
        let anchorCertificates = anchors.compactMap(\.certificate)
        let trustAnchors = TrustAnchors(certificates: anchorCertificates)
        let validator = PinValidator(manifest: fixture.manifest, trustAnchors: trustAnchors)
        let now = Date()

        func time(_ name: String, _ body: () async -> Void) async {
            let start = processCPUMicros()
            for _ in 0..<count { await body() }
            let micros = (processCPUMicros() - start) / Double(count)
            print("\(name.padding(toLength: 56, withPad: " ", startingAt: 0)) \(String(format: "%8.2f", micros)) µs")
        }
        await time("chain PEM decoded (2 certificates)") {
            precondition(try! CertificateChainDecoder.decode(fixture.presentedPEM, source: "c").count == 2)
        }
        await time("chain DER decoded (2 certificates)") {
            precondition(
                chainDER.map { try! CertificateChainDecoder.decodeDER($0, source: "c", block: nil) }.count == 2)
        }
        await time("anchor PEM decoded") {
            precondition(try! CertificateChainDecoder.decode(fixture.anchorPEM, source: "a").count == 1)
        }
        await time("anchor DER parsed (Certificate(derEncoded:))") {
            precondition((try? Certificate(derEncoded: fixture.anchorDER)) != nil)
        }
        await time("TrustAnchors(certificates:)") {
            precondition(!TrustAnchors(certificates: anchorCertificates).certificates.isEmpty)
        }
        await time("PinValidator(manifest:trustAnchors:)") {
            precondition(PinValidator(manifest: fixture.manifest, trustAnchors: trustAnchors).profile == .platform)
        }
        await time("default trust alone (evaluateTrust, platform rules)") {
            let chain = parsedChain.compactMap(\.certificate)
            let trust = await validator.evaluateTrust(host: fixture.host, chain: chain, at: now, rules: .platform)
            guard case .trusted = trust else { preconditionFailure("not trusted") }
        }
        await time("validate, parsed chain, validator made once") {
            let verdict = await validator.validate(host: fixture.host, chain: parsedChain, at: now)
            precondition(verdict.outcome == .accepted)
        }
        await time("validate, parsed chain, fresh anchors and validator") {
            let fresh = PinValidator(
                manifest: fixture.manifest, trustAnchors: TrustAnchors(certificates: anchorCertificates))
            let verdict = await fresh.validate(host: fixture.host, chain: parsedChain, at: now)
            precondition(verdict.outcome == .accepted)
        }
        await time("pins of the 3-certificate path") {
            precondition(fixture.pins()[0] == fixture.leafPin)
        }
        await time("cold verdict from PEM (all of the above once)") {
            let verdict = await fixture.coldVerdict(pem: true)
            precondition(verdict.outcome == .accepted)
        }
    }
}
