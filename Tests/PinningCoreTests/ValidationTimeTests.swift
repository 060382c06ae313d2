import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// Certificates state their validity in whole seconds, so a validation time within a second is judged as that
/// second: the second of notBefore is valid from its start, the second of notAfter to its end (RFC 5280 4.1.2.5: the
/// period is inclusive; x509-limbo's `notafter-exact` and `notbefore-fractional`). `openssl verify -attime` takes
/// whole seconds; it agrees but at notAfter itself, which OpenSSL counts as expired (its `X509_cmp_time` treats an
/// equal time as earlier).
@Suite("Validation time within a second")
struct ValidationTimeTests {
    let pki = TestPKI.shared

    func verdict(at time: Date) async -> Verdict {
        let validator = PinValidator(
            manifest: PinManifest(domains: []), trustAnchors: TrustAnchors(certificates: [pki.root.certificate]))
        return await validator.validate(host: pki.host, chain: pki.good.presented.map(\.chainCertificate), at: time)
    }

    func opensslAccepts(at time: Date) throws -> Bool {
        let folder = TemporaryFolder()
        let arguments = [
            "verify", "-purpose", "sslserver", "-verify_hostname", pki.host,
            "-attime", String(Int(time.timeIntervalSince1970.rounded(.down))),
            "-CAfile", folder.write("root.pem", pki.root.pem),
            "-untrusted", folder.write("intermediate.pem", pki.intermediate.pem),
            folder.write("leaf.pem", pki.good.leaf.pem),
        ]
        return try ProcessRunner.run("/usr/bin/openssl", arguments).status == 0
    }

    @Test("a millisecond before notBefore is not yet valid; notAfter's last millisecond is valid; OpenSSL beside it")
    func secondsAreWhole() async throws {
        let leaf = pki.good.leaf.certificate
        // (moment, PinBench's rejection or nil, OpenSSL accepts)
        let cases: [(Date, Verdict.Rejection?, Bool)] = [
            (leaf.notValidBefore.addingTimeInterval(-0.001), .notYetValid, false),
            (leaf.notValidBefore, nil, true),
            (leaf.notValidBefore.addingTimeInterval(0.5), nil, true),
            (leaf.notValidAfter.addingTimeInterval(-1), nil, true),
            (leaf.notValidAfter, nil, false),
            (leaf.notValidAfter.addingTimeInterval(0.999), nil, false),
            (leaf.notValidAfter.addingTimeInterval(1), .expired, false),
        ]
        for (time, expected, openssl) in cases {
            let verdict = await verdict(at: time)
            #expect(verdict.allowsConnection == (expected == nil), "\(time.timeIntervalSince1970)")
            if let expected { #expect(verdict.rejection == expected, "\(time.timeIntervalSince1970)") }
            #expect(try opensslAccepts(at: time) == openssl, "openssl at \(time.timeIntervalSince1970)")
        }
    }
}
