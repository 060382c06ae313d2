import Foundation
import LabPKI
import SwiftASN1
import TestSupport
import Testing

@testable import PinExport
@testable import PinningCore

/// A failure report names the anchor the path really reached, even when the bundle's anchors are parsed only when a
/// path looks them up (``TrustAnchors/ParsingMode/whenLookedUp``).
@Suite("Failure reports from anchors parsed when looked up")
struct FailureReportAnchorTests {
    let pki = TestPKI.shared

    @Test("a failure report's validated chain ends with the anchor the path reached, as parsed from the bundle")
    func failureReportEndsWithAnchor() async throws {
        // Unrelated roots around the one that matters, as in a system bundle.
        let folder = TemporaryFolder()
        let bundle = folder.write("bundle.pem", pki.impostor.root.pem + pki.root.pem + pki.selfSigned.pem)
        var anchors = TrustAnchors()
        try anchors.add(contentsOf: URL(fileURLWithPath: bundle), parsing: .whenLookedUp)
        let manifest = Fixtures.manifest(
            DomainPolicy(
                host: pki.host, pins: [Fixtures.pin(Fixtures.unrelatedPin), Fixtures.pin(Fixtures.unrelatedPin)]))
        let verdict = await PinValidator(manifest: manifest, trustAnchors: anchors).validate(
            host: pki.host, chain: pki.good.presentedChain, at: Date())
        #expect(verdict.outcome == .rejected)
        let report = try #require(
            PinFailureReport(verdict: verdict, port: 443, served: pki.good.presentedChain, at: Date()))
        let validated = try report.validatedCertificateChain.map { try PEMDocument(pemString: $0).derBytes }
        #expect(validated == [pki.good.leaf.der, pki.intermediate.der, pki.root.der])
    }
}
