import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// `pinbench validate --profile`: the platform verdict by default, the strict one on request.
@Suite("pinbench validate --profile")
struct ValidateProfileCLITests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    @Test("a leaf whose CN is not a SAN: accepted by default, as platform and as rfc5280, refused as strict")
    func strictRefusesWhatPlatformAccepts() async throws {
        let leaf = try CertificateIssuer.leaf(
            commonName: "elsewhere.pinbench.test", dnsNames: [pki.host], issuer: pki.intermediate)
        folder.write("cn.pem", leaf.pem + pki.intermediate.pem)
        folder.write("root.pem", pki.root.pem)
        let base = ["validate", "--host", pki.host, "--chain", "cn.pem", "--ca-bundle", "root.pem", "--json"]
        // The CN rule is the CA/Browser Forum's: rfc5280, the profile for a private CA, does not apply it.
        for arguments in [base, base + ["--profile", "platform"], base + ["--profile", "rfc5280"]] {
            let result = try await PinBenchBinary.run(arguments, in: folder.url)
            #expect(result.status == 0, "\(result.stdoutText)")
        }
        let strict = try await PinBenchBinary.run(base + ["--profile", "strict"], in: folder.url)
        #expect(strict.status == 1)
        let verdict = try JSONSerialization.jsonObject(with: strict.stdout) as? [String: Any]
        #expect(verdict?["rejection"] as? String == "common-name-not-in-san", "\(strict.stdoutText)")
        let bogus = try await PinBenchBinary.run(base + ["--profile", "lenient"], in: folder.url)
        #expect(bogus.status == 2)
        #expect(bogus.stderrText.contains("lenient"), "\(bogus.stderrText)")
        let help = try await PinBenchBinary.run(["validate", "--help"], in: folder.url)
        #expect(help.stdoutText.contains("--profile"))
        #expect(help.stdoutText.contains("rfc5280"))
    }

    @Test("an underscore in a SAN DNS name: accepted as platform, refused as rfc5280 with dns-name-syntax")
    func rfc5280RefusesAnUnderscore() async throws {
        let name = "under_score.pinbench.test"
        let leaf = try CertificateIssuer.leaf(commonName: name, dnsNames: [name, pki.host], issuer: pki.intermediate)
        folder.write("underscore.pem", leaf.pem + pki.intermediate.pem)
        folder.write("root.pem", pki.root.pem)
        let base = ["validate", "--host", pki.host, "--chain", "underscore.pem", "--ca-bundle", "root.pem", "--json"]
        let platform = try await PinBenchBinary.run(base, in: folder.url)
        #expect(platform.status == 0, "\(platform.stdoutText)")
        for profile in ["rfc5280", "strict"] {
            let refused = try await PinBenchBinary.run(base + ["--profile", profile], in: folder.url)
            #expect(refused.status == 1, "\(profile)")
            let verdict = try JSONSerialization.jsonObject(with: refused.stdout) as? [String: Any]
            #expect(verdict?["rejection"] as? String == "dns-name-syntax", "\(profile): \(refused.stdoutText)")
        }
    }
}
