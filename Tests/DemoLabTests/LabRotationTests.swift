import ChainProbe
import DemoLab
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing
import X509

/// The `rotating` scenario: switched while the lab runs between today's chain, a renewal with a new key and today's
/// leaf key under a sibling intermediate, and seen so by `openssl s_client` and the chain prober.
@Suite("The lab's rotating host", .serialized)
struct LabRotationTests {
    static func pem(_ certificates: [Certificate]) -> [String] {
        certificates.map { PEMDocumentText(type: "CERTIFICATE", der: $0.derBytes).text }
    }

    static func normalized(_ blocks: [String]) -> [String] {
        blocks.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test("each state's chain is what openssl s_client receives, switched while the lab runs")
    func servedPerState() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let host = lab.scenario(.rotating).host
        #expect(lab.rotation == .today)
        for state in [LabRotation.today, .renewalNewKey, .issuerRotation, .today, .issuerRotation] {
            lab.rotate(to: state)
            #expect(lab.rotation == state)
            let served = try await OffPoolThread.run {
                try OpenSSLCLI.servedChain(connect: lab.endpoint, serverName: host)
            }
            #expect(Self.normalized(served) == Self.normalized(Self.pem(lab.rotationChain(state))), "\(state)")
        }
        // Other hosts are untouched by the rotation.
        let good = try await OffPoolThread.run {
            try OpenSSLCLI.servedChain(connect: lab.endpoint, serverName: lab.scenario(.good).host)
        }
        #expect(Self.normalized(good) == Self.normalized(Self.pem(lab.scenario(.good).servedCertificates)))
    }

    @Test("the states differ where the forecast's scenarios say: a new leaf key, or the same key under a sibling CA")
    func statesAreTheForecastScenarios() async throws {
        let lab = try RunningLab.start()
        lab.stop()
        let today = lab.rotationChain(.today)
        let renewal = lab.rotationChain(.renewalNewKey)
        let sibling = lab.rotationChain(.issuerRotation)
        #expect(today.map(\.derBytes) == lab.scenario(.rotating).servedCertificates.map(\.derBytes))
        #expect(lab.scenario(.rotating).pinnedChain.map(\.derBytes) == (today + [lab.root]).map(\.derBytes))
        let key = { (certificate: Certificate) in CertificateDetails(certificate).spkiPin }
        #expect(key(renewal[0]) != key(today[0]))
        #expect(renewal[1] == today[1])
        #expect(key(sibling[0]) == key(today[0]))
        #expect(sibling[0] != today[0])
        #expect(key(sibling[1]) != key(today[1]))
        #expect(sibling[1].subject != today[1].subject)
        #expect(sibling[1].issuer == lab.root.subject)
        // Every state validates to the lab root for the rotating host.
        for state in LabRotation.allCases {
            let verdict = await PinValidator(
                manifest: PinManifest(), trustAnchors: TrustAnchors(certificates: [lab.root])
            ).validate(
                host: lab.scenario(.rotating).host, chain: lab.rotationChain(state).map(ChainCertificate.init),
                at: Date())
            #expect(verdict.outcome == .notPinned, "\(state): \(verdict.report)")
        }
    }

    @Test("rotateToNext steps through every state and back to today")
    func cycle() throws {
        let lab = try RunningLab.start()
        defer { lab.stop() }
        #expect(
            [lab.rotateToNext(), lab.rotateToNext(), lab.rotateToNext()] == [
                .renewalNewKey, .issuerRotation, .today,
            ])
        #expect(lab.rotation == .today)
    }

    @Test("connections during rotations each get one state's chain whole, never a mix")
    func rotationIsAtomic() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let chains = Set(LabRotation.allCases.map { lab.rotationChain($0).map(\.derBytes) })
        let done = ManagedAtomicFlag()
        let rotator = Thread {
            while !done.isSet { lab.rotateToNext() }
        }
        rotator.start()
        defer { done.set() }
        let target = ProbeTarget(
            host: lab.scenario(.rotating).host, connect: ProbeEndpoint(host: "127.0.0.1", port: lab.port))
        let options = ProbeOptions(deadline: .seconds(10), trustAnchorPaths: [], useSystemTrustStore: false)
        for _ in 0..<24 {
            let result = try await ChainProber().probe(target, options: options).get()
            #expect(chains.contains(result.sentChain), "a chain mixing two states was served")
        }
    }
}

/// A flag one thread sets and another polls.
private final class ManagedAtomicFlag: @unchecked Sendable {
    // @unchecked Sendable: the flag is only touched under `lock`.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
