import Foundation
import Testing
import X509

@testable import PinningCore

/// A chain's default trust evaluated once for many hosts (``SharedChainTrust``) against each host's own evaluation:
/// the verdict must be the same, word for word, whether or not a shared trust is passed.
@Suite("Shared chain trust decides as each host's own evaluation")
struct SharedChainTrustTests {
    /// Everything a verdict says, for comparing two of them whole.
    static func said(_ verdict: Verdict) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(verdict), as: UTF8.self)
        return ([json, verdict.statement] + verdict.explanation).joined(separator: "\n")
    }

    /// The hosts a chain is judged for: the case's own, a sibling its wildcard would cover, and a stranger.
    static func hosts(for name: String) -> [String] {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        var hosts = [name, "stranger.invalid"]
        if labels.count > 1 { hosts.append((["zz"] + labels.dropFirst()).joined(separator: ".")) }
        return hosts
    }

    @Test(
        "every expressible x509-limbo case, three hosts each, two profiles: the same verdict with and without sharing",
        arguments: [ValidationProfile.platform, .strict])
    func limboCasesAgree(profile: ValidationProfile) async throws {
        let cases = try LimboCase.all().filter(\.isExpressible)
        var sharedPaths = 0
        var judged = 0
        for testCase in cases {
            guard let chain = try? CertificateChainDecoder.decode(Data(testCase.presentedPEM.utf8), source: testCase.id)
            else { continue }
            let anchors = testCase.trustedCerts.flatMap { pem in
                (try? CertificateChainDecoder.decode(Data(pem.utf8), source: testCase.id))?.compactMap(\.certificate)
                    ?? []
            }
            let validator = PinValidator(
                manifest: PinManifest(domains: []), trustAnchors: TrustAnchors(certificates: anchors), profile: profile)
            let time = testCase.validationTime ?? Date()
            let shared = await validator.sharedTrust(chain: chain, at: time)
            for host in Self.hosts(for: testCase.expectedPeerName?.value ?? "") {
                let alone = await validator.validate(host: host, chain: chain, at: time)
                let sharing = await validator.validate(host: host, chain: chain, at: time, sharing: shared)
                #expect(try Self.said(sharing) == Self.said(alone), "\(testCase.id), host \(host), \(profile)")
                judged += 1
                if shared.foundPath, alone.isTrusted { sharedPaths += 1 }
            }
        }
        #expect(judged > 500)
        // The shared path must be taken often, or the comparison above proves little (measured: 90 platform, 43
        // strict, of 183 cases).
        #expect(sharedPaths >= 40, "\(sharedPaths) verdicts took the shared path")
    }

    @Test(
        "a shared trust made for another chain, second, cap or with a deadline is not used: the verdict is the host's own"
    )
    func mismatchedSharingIsIgnored() async throws {
        let cases = try LimboCase.all().filter { $0.isExpressible && $0.expectsSuccess && $0.expectedPeerName != nil }
        let decoded = try cases.prefix(40).map { testCase in
            (
                testCase,
                try CertificateChainDecoder.decode(Data(testCase.presentedPEM.utf8), source: testCase.id),
                testCase.trustedCerts.flatMap { pem in
                    (try? CertificateChainDecoder.decode(Data(pem.utf8), source: testCase.id))?.compactMap(
                        \.certificate) ?? []
                }
            )
        }
        try #require(decoded.count == 40)
        var checked = 0
        for (index, (testCase, chain, anchors)) in decoded.enumerated() {
            let host = testCase.expectedPeerName!.value
            let time = testCase.validationTime ?? Date()
            let validator = PinValidator(manifest: PinManifest(), trustAnchors: TrustAnchors(certificates: anchors))
            let alone = await validator.validate(host: host, chain: chain, at: time)
            let other = decoded[(index + 1) % decoded.count].1
            let strangers: [SharedChainTrust] = [
                await validator.sharedTrust(chain: other, at: time),
                await validator.sharedTrust(chain: chain, at: time.addingTimeInterval(400 * 86_400)),
                await validator.sharedTrust(chain: chain, at: time, limits: PathBuildingLimits(maxSignatureChecks: 1)),
                await PinValidator(manifest: PinManifest(), trustAnchors: TrustAnchors(certificates: anchors))
                    .sharedTrust(chain: chain, at: time),
            ]
            for stranger in strangers {
                let sharing = await validator.validate(host: host, chain: chain, at: time, sharing: stranger)
                #expect(try Self.said(sharing) == Self.said(alone), "\(testCase.id)")
                checked += 1
            }
            // The other way round: a shared trust made now, asked about a later second or under a smaller cap.
            let shared = await validator.sharedTrust(chain: chain, at: time)
            let later = time.addingTimeInterval(400 * 86_400)
            let laterAlone = await validator.validate(host: host, chain: chain, at: later)
            let laterSharing = await validator.validate(host: host, chain: chain, at: later, sharing: shared)
            #expect(try Self.said(laterSharing) == Self.said(laterAlone), "\(testCase.id), 400 days later")
            let oneCheck = PathBuildingLimits(maxSignatureChecks: 1)
            let cappedAlone = await validator.validate(host: host, chain: chain, at: time, limits: oneCheck)
            let cappedSharing = await validator.validate(
                host: host, chain: chain, at: time, limits: oneCheck, sharing: shared)
            #expect(try Self.said(cappedSharing) == Self.said(cappedAlone), "\(testCase.id), one signature check")
            checked += 2
            let deadline = PathBuildingLimits(deadline: .now + .seconds(60))
            let withDeadline = await validator.sharedTrust(chain: chain, at: time, limits: deadline)
            #expect(!withDeadline.foundPath, "no path is shared from a search a deadline bounds")
        }
        #expect(checked == 240)
    }
}
