import Foundation
import LabPKI
import TestSupport
import Testing
import X509

@testable import PinningCore

/// Path building through a hostile chain (CA certificates that share a subject and cross-sign each other) is
/// exponential; every verification stops after a cap on signature checks, or at its deadline, and says so.
/// Serialized: the searches are CPU-bound on the shared test pool, and one at a time leaves room for other suites.
@Suite("Bounded path building", .serialized)
struct PathBuildingLimitTests {
    static let host = "mesh.pinbench.test"
    static let mesh: CrossSignedMesh = try! CrossSignedMesh(host: host)

    /// Runs swift-certificates' verifier over the mesh with stores that count against `limits`.
    func search(
        _ presented: [Certificate], anchors: [Certificate], limits: PathBuildingLimits
    ) async
        -> (SignatureCheckBudget, CertificateValidationResult)
    {
        let budget = SignatureCheckBudget(limits)
        var verifier = Verifier(
            rootCertificates: CertificateStore(custom: BudgetedCertificateStore(anchors, budget: budget))
        ) {
            RFC5280Policy()
        }
        let result = await verifier.validate(
            leaf: presented[0],
            intermediates: CertificateStore(custom: BudgetedCertificateStore(presented.dropFirst(), budget: budget)))
        return (budget, result)
    }

    @Test("the cap counts: the search stops at exactly 100 signature checks, and would have wanted many more")
    func capCounts() async {
        let presented = Self.mesh.presented.map(\.certificate)
        let (capped, cappedResult) = await search(presented, anchors: [], limits: PathBuildingLimits())
        #expect(capped.used == 100)
        #expect(capped.cutoff == .signatureChecks(100))
        if case .validCertificate = cappedResult { Issue.record("the mesh has no anchor") }
        let (larger, _) = await search(presented, anchors: [], limits: PathBuildingLimits(maxSignatureChecks: 400))
        #expect(larger.used == 400, "an unbounded search goes far past the cap")
    }

    @Test("a well-formed chain needs a handful of checks and is never cut short")
    func goodChainFits() async {
        let pki = TestPKI.shared
        let (budget, result) = await search(
            pki.good.presented.map(\.certificate), anchors: [pki.root.certificate], limits: PathBuildingLimits())
        guard case .validCertificate(let path) = result else {
            Issue.record("the good chain must verify")
            return
        }
        #expect(Array(path).count == 3)
        #expect(budget.used <= 3)
        #expect(budget.cutoff == nil)
    }

    @Test("the verdict says path building was cut short, and after how many checks")
    func verdictSaysCutShort() async {
        let validator = PinValidator(
            manifest: PinManifest(), trustAnchors: TrustAnchors(certificates: [TestPKI.shared.root.certificate]))
        let chain = Self.mesh.presented.map(\.chainCertificate)
        let verdict = await validator.validate(host: Self.host, chain: chain, at: Date())
        #expect(verdict.rejection == .pathBuildingCutShort)
        #expect(verdict.statement.contains("cut short"))
        #expect(verdict.explanation.contains { $0.contains("after 100 signature checks") })
        let tight = await validator.validate(
            host: Self.host, chain: chain, at: Date(), limits: PathBuildingLimits(maxSignatureChecks: 7))
        #expect(tight.explanation.contains { $0.contains("after 7 signature checks") })
    }

    @Test("a deadline that has passed stops path building at once")
    func deadline() async {
        let validator = PinValidator(
            manifest: PinManifest(), trustAnchors: TrustAnchors(certificates: [TestPKI.shared.root.certificate]))
        let limits = PathBuildingLimits(maxSignatureChecks: .max, deadline: .now)
        let verdict = await validator.validate(
            host: Self.host, chain: Self.mesh.presented.map(\.chainCertificate), at: Date(), limits: limits)
        #expect(verdict.rejection == .pathBuildingCutShort)
        #expect(verdict.explanation.contains { $0.contains("at the deadline") })
    }
}
