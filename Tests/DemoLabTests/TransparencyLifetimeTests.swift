import Foundation
import LabPKI
import PinningCore
import Testing
import X509

@testable import DemoLab

/// Apple's count of embedded SCTs by the leaf's lifetime: two distinct logs up to 180 days, three above. Real SCTs
/// from the lab's logs, on leaves issued for each side of the boundary.
@Suite("Certificate Transparency: the SCTs a leaf needs grow with its lifetime")
struct TransparencyLifetimeTests {
    /// A leaf valid for `lifetime` seconds with an SCT from each of `logs`' logs, and the logs' list.
    static func logged(lifetime: TimeInterval, logs: LabCTLogs) throws -> (Certificate, Certificate) {
        let root = try CertificateIssuer.root(commonName: "CT Lifetime Root")
        let intermediate = try CertificateIssuer.intermediate(commonName: "CT Lifetime CA", issuer: root)
        let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 3_600).rounded(.down))
        let leaf = try CertificateIssuer.leaf(
            commonName: "ct.pinbench.test", dnsNames: ["ct.pinbench.test"], issuer: intermediate, notBefore: start,
            notAfter: start.addingTimeInterval(lifetime))
        let logged = try logs.logged(leaf, issuer: intermediate, at: Date().addingTimeInterval(-60))
        return (logged.certificate, intermediate.certificate)
    }

    @Test("the count at the boundary: 180 days needs 2 logs, a second more needs 3; 3 logs meet both")
    func boundary() throws {
        let day: TimeInterval = 86_400
        #expect(CTPolicy.requiredDistinctLogs(lifetime: 6 * day) == 2)
        #expect(CTPolicy.requiredDistinctLogs(lifetime: 180 * day) == 2)
        #expect(CTPolicy.requiredDistinctLogs(lifetime: 180 * day + 1) == 3)
        #expect(CTPolicy.requiredDistinctLogs(lifetime: 398 * day) == 3)
        let two = LabCTLogs(count: 2)
        let three = LabCTLogs(count: 3)
        for (lifetime, logs, meets, required) in [
            (180 * day, two, true, 2), (180 * day + 1, two, false, 3), (180 * day + 1, three, true, 3),
            (397 * day, two, false, 3), (397 * day, three, true, 3), (90 * day, three, true, 2),
        ] {
            let (leaf, issuer) = try Self.logged(lifetime: lifetime, logs: logs)
            let result = CTPolicy.evaluate(leaf: leaf, issuer: issuer, logs: logs.list, at: Date())
            #expect(result.distinctValidLogs == logs.keys.count, "every SCT verifies")
            #expect(result.requiredDistinctLogs == required, "\(lifetime / day) days")
            #expect(result.meetsPolicy == meets, "\(lifetime / day) days, \(logs.keys.count) logs: \(result.summary)")
            if !meets { #expect(result.summary.contains("at least 3 distinct logs"), "\(result.summary)") }
        }
    }

    @Test("a long-lived leaf with two SCTs is rejected under --require-ct semantics, and the JSON says what was asked")
    func validatorRequires() async throws {
        let logs = LabCTLogs(count: 2)
        let root = try CertificateIssuer.root(commonName: "CT Require Root")
        let intermediate = try CertificateIssuer.intermediate(commonName: "CT Require CA", issuer: root)
        let leaf = try CertificateIssuer.leaf(
            commonName: "ct.pinbench.test", dnsNames: ["ct.pinbench.test"], issuer: intermediate,
            notAfter: Date().addingTimeInterval(300 * 86_400))
        let logged = try logs.logged(leaf, issuer: intermediate, at: Date().addingTimeInterval(-60))
        let validator = PinValidator(
            manifest: PinManifest(), trustAnchors: TrustAnchors(certificates: [root.certificate]))
        let chain = [ChainCertificate(logged.certificate), ChainCertificate(intermediate.certificate)]
        let verdict = await validator.validate(
            host: "ct.pinbench.test", chain: chain, at: Date(),
            transparency: CTRequirement(logs: logs.list, required: true))
        #expect(verdict.outcome == .rejected, "\(verdict.statement)")
        let transparency = try #require(verdict.transparency)
        #expect(transparency.requiredDistinctLogs == 3 && transparency.distinctValidLogs == 2)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(transparency)) as? [String: Any]
        #expect(json?["requiredDistinctLogs"] as? Int == 3)
        #expect(json?["meetsPolicy"] as? Bool == false)
    }
}
