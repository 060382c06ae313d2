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

    @Test("a leaf whose CN is not a SAN: accepted by default and as platform, refused as strict, with its reason")
    func strictRefusesWhatPlatformAccepts() async throws {
        let leaf = try CertificateIssuer.leaf(
            commonName: "elsewhere.pinbench.test", dnsNames: [pki.host], issuer: pki.intermediate)
        folder.write("cn.pem", leaf.pem + pki.intermediate.pem)
        folder.write("root.pem", pki.root.pem)
        let base = ["validate", "--host", pki.host, "--chain", "cn.pem", "--ca-bundle", "root.pem", "--json"]
        for arguments in [base, base + ["--profile", "platform"]] {
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
    }
}
