import ClientModels
import Foundation
import LabPKI
import PinningCore
import Testing
import X509

@testable import DemoLab

/// The Android client's Certificate Transparency by the app's target: real SCTs from the lab's logs on one leaf, none
/// on another, both under the same pinned intermediate, judged through the validator and the Android model.
@Suite("Android client: Certificate Transparency by target SDK")
struct AndroidTransparencyTests {
    static let host = "ct.pinbench.test"

    /// A root, an intermediate the manifest pins, a 90-day leaf logged in two lab logs and one never logged.
    struct Lab {
        let logs: LabCTLogs
        let root: IssuedCertificate
        let intermediate: IssuedCertificate
        let logged: Certificate
        let unlogged: Certificate

        init() throws {
            let logs = LabCTLogs(count: 2)
            let root = try CertificateIssuer.root(commonName: "Android CT Root")
            let intermediate = try CertificateIssuer.intermediate(commonName: "Android CT CA", issuer: root)
            let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 3_600).rounded(.down))
            func leaf() throws -> IssuedCertificate {
                try CertificateIssuer.leaf(
                    commonName: AndroidTransparencyTests.host, dnsNames: [AndroidTransparencyTests.host],
                    issuer: intermediate, notBefore: start, notAfter: start.addingTimeInterval(90 * 86_400))
            }
            logged = try logs.logged(leaf(), issuer: intermediate, at: Date().addingTimeInterval(-60)).certificate
            unlogged = try leaf().certificate
            self.logs = logs
            self.root = root
            self.intermediate = intermediate
        }

        /// The manifest, pinning the host on the intermediate (the root as backup) unless `pinned` is false: then it
        /// configures another host only, so the export writes no domain-config for this one.
        func manifest(customAnchors: Bool, pinned: Bool = true) -> PinManifest {
            let pin = Pin(type: .spkiSHA256, value: Fingerprint.spkiPin(intermediate.certificate))
            let backup = Pin(type: .spkiSHA256, value: Fingerprint.spkiPin(root.certificate), role: .backup)
            return PinManifest(
                trustAnchors: customAnchors ? ["anchors/android-ct-root.pem"] : [],
                domains: [
                    DomainPolicy(host: pinned ? AndroidTransparencyTests.host : "other.example", pins: [pin, backup])
                ])
        }

        /// The Android client's verdict on `leaf` for an app of `target`; `checked` false gives the validator no
        /// log list, so the SCTs are never verified.
        func android(
            _ leaf: Certificate, target: AndroidTarget?, customAnchors: Bool = false, checked: Bool = true,
            pinned: Bool = true
        ) async -> ClientVerdict {
            let manifest = manifest(customAnchors: customAnchors, pinned: pinned)
            let validator = PinValidator(
                manifest: manifest, trustAnchors: TrustAnchors(certificates: [root.certificate]))
            let chain = [ChainCertificate(leaf), ChainCertificate(intermediate.certificate)]
            let verdict = await validator.validate(
                host: AndroidTransparencyTests.host, chain: chain, at: Date(),
                transparency: checked ? CTRequirement(logs: logs.list, required: false) : nil)
            let verdicts = await ClientJudge.judgeAll(
                [.android], host: AndroidTransparencyTests.host, manifest: manifest, verdict: verdict, chain: chain,
                validator: validator, at: Date(), android: target)
            return verdicts[0]
        }
    }

    static let refusal = "Certificate chain does not conform to required transparency policy."

    @Test("API 35 and 36 without the opt-in accept a leaf without SCTs; 36 with it and 37 refuse it")
    func byLevel() async throws {
        let lab = try Lab()
        let cases: [(AndroidTarget?, Bool)] = [
            (nil, false), (try AndroidTarget(sdk: 35), false), (try AndroidTarget(sdk: 36), false),
            (try AndroidTarget(sdk: 36, optsInToTransparency: true), true), (try AndroidTarget(sdk: 37), true),
            (try AndroidTarget(sdk: 37, optsInToTransparency: true), true),
        ]
        for (target, requires) in cases {
            let name = target.map { "API \($0.sdk), opt-in \($0.optsInToTransparency)" } ?? "no target"
            let logged = await lab.android(lab.logged, target: target)
            #expect(logged.outcome == .accepted, "\(name): \(logged.reason)")
            let unlogged = await lab.android(lab.unlogged, target: target)
            #expect(unlogged.outcome == (requires ? .rejected : .accepted), "\(name): \(unlogged.reason)")
            if requires {
                #expect(unlogged.clientMessage == Self.refusal)
                #expect(unlogged.reason.contains("0 valid SCTs"), "\(unlogged.reason)")
                #expect(unlogged.difference != nil, "PinBench accepts the chain: the Android verdict differs")
            }
        }
    }

    @Test("custom trust anchors turn the API 37 default off; an explicit opt-in still requires CT")
    func customAnchors() async throws {
        let lab = try Lab()
        let byDefault = await lab.android(lab.unlogged, target: try AndroidTarget(sdk: 37), customAnchors: true)
        #expect(byDefault.outcome == .accepted, "\(byDefault.reason)")
        let optIn = try AndroidTarget(sdk: 37, optsInToTransparency: true)
        let explicit = await lab.android(lab.unlogged, target: optIn, customAnchors: true)
        #expect(explicit.outcome == .rejected, "\(explicit.reason)")
        #expect(optIn.transparencyReason(lab.manifest(customAnchors: true), configured: true).contains("opts in"))
    }

    @Test("the opt-in is written in the pinned domains' configs only: another host needs CT only by API 37's default")
    func optInCoversConfiguredHosts() async throws {
        let lab = try Lab()
        let optIn = try AndroidTarget(sdk: 36, optsInToTransparency: true)
        let elsewhere = await lab.android(lab.unlogged, target: optIn, pinned: false)
        #expect(elsewhere.outcome == .notPinned, "\(elsewhere.reason)")
        let byDefault = await lab.android(lab.unlogged, target: try AndroidTarget(sdk: 37), pinned: false)
        #expect(byDefault.outcome == .rejected, "\(byDefault.reason)")
        #expect(byDefault.reason.contains("by default"), "\(byDefault.reason)")
        let logged = await lab.android(lab.logged, target: try AndroidTarget(sdk: 37), pinned: false)
        #expect(logged.outcome == .notPinned, "\(logged.reason)")
    }

    @Test("required CT without a log list fails closed, even for a leaf whose SCTs would pass")
    func uncheckedFailsClosed() async throws {
        let lab = try Lab()
        let verdict = await lab.android(lab.logged, target: try AndroidTarget(sdk: 37), checked: false)
        #expect(verdict.outcome == .rejected)
        #expect(verdict.reason.contains("--ct-log-list"), "\(verdict.reason)")
        let older = await lab.android(lab.logged, target: try AndroidTarget(sdk: 36), checked: false)
        #expect(older.outcome == .accepted, "no CT required: nothing to judge")
    }

    @Test("levels outside 1 to 99, and the opt-in below API 36, are refused with the reason")
    func refusals() {
        for level in [0, -1, 100, Int.max, Int.min] {
            #expect(throws: AndroidTarget.TargetError.levelOutOfRange(level)) { try AndroidTarget(sdk: level) }
        }
        #expect(throws: AndroidTarget.TargetError.optInUnknown(35)) {
            try AndroidTarget(sdk: 35, optsInToTransparency: true)
        }
        #expect((try? AndroidTarget(sdk: 1)) != nil && (try? AndroidTarget(sdk: 99)) != nil)
        #expect(AndroidTarget.TargetError.optInUnknown(35).description.contains("--target-sdk 36"))
    }
}
