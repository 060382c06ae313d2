import FieldReports
import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import Testing

/// Judgements an attacker or a forgotten release must not turn benign: an interception through a proxy whose keys
/// clients refuse, a forged leaf sent with the real intermediate, and a lockout of a version the releases file lacks.
@Suite(
    "FieldReports: interceptions and lockouts are not hidden by refused keys, real intermediates or unknown versions")
struct ReportJudgeEvasionTests {
    let pki = ReportBodies.pki
    let reader = FieldReportReader()

    /// Release 4.1 pins the good leaf's key; the working manifest pins the CA's. The CT watch found the rotated leaf
    /// in a log (no release pins its key: without that, its rejection would be `suspicious`).
    var judge: ReportJudge {
        func manifest(_ pinned: IssuedCertificate) -> PinManifest {
            PinManifest(domains: [
                DomainPolicy(host: pki.host, pins: [Pin(type: .spkiSHA256, value: Fixtures.spki(pinned))])
            ])
        }
        return ReportJudge(
            manifest: manifest(pki.intermediate), releases: [Release(name: "4.1", manifest: manifest(pki.good.leaf))],
            trustAnchors: TrustAnchors(certificates: [pki.root.certificate]),
            logged: LoggedCertificates(
                identities: [
                    LoggedCertificates.Identity(pki.rotated.leaf.certificate, spkiPin: Fixtures.spki(pki.rotated.leaf))
                ], logsRead: true))
    }

    func judged(_ object: [String: Any]) async throws -> ReportJudgement {
        let report = try #require(try reader.read(ReportBodies.bytes(object)).first)
        return await judge.judge(report, at: Date(), cached: false)
    }

    @Test("a proxy's RSA-1024 root and leaf (made by openssl): an interception naming the root, not an invalid chain")
    func weakKeyProxy() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func openssl(_ arguments: [String]) throws {
            let result = try ProcessRunner.run("/usr/bin/openssl", arguments, currentDirectory: folder)
            try #require(result.status == 0, "openssl \(arguments.first ?? ""): \(result.stderrText)")
        }
        try openssl([
            "req", "-x509", "-newkey", "rsa:1024", "-nodes", "-keyout", "root.key", "-out", "root.pem", "-days", "30",
            "-subj", "/CN=Corporate Proxy Root", "-addext", "basicConstraints=critical,CA:TRUE",
        ])
        try openssl([
            "req", "-newkey", "rsa:1024", "-nodes", "-keyout", "leaf.key", "-out", "leaf.csr", "-subj",
            "/CN=\(pki.host)",
        ])
        try Data("subjectAltName=DNS:\(pki.host)\n".utf8).write(to: folder.appendingPathComponent("leaf.ext"))
        try openssl([
            "x509", "-req", "-in", "leaf.csr", "-CA", "root.pem", "-CAkey", "root.key", "-CAcreateserial", "-out",
            "leaf.pem", "-days", "30", "-extfile", "leaf.ext",
        ])
        let leaf = try String(contentsOf: folder.appendingPathComponent("leaf.pem"), encoding: .utf8)
        let root = try String(contentsOf: folder.appendingPathComponent("root.pem"), encoding: .utf8)
        var body = ReportBodies.trustKitIOS(chain: [])
        body["validated-certificate-chain"] = [leaf, root]
        let judgement = try await judged(body)
        #expect(judgement.kind == .interception, "\(judgement.detail)")
        #expect(judgement.reason == .untrustedRoot)
        #expect(judgement.issuer?.contains("Corporate Proxy Root") == true, "\(judgement.issuer ?? "no issuer")")
    }

    @Test("a forged leaf sent with the real intermediate (same names, another key) is an interception")
    func forgedLeafWithRealIntermediate() async throws {
        let judgement = try await judged(ReportBodies.trustKitIOS(chain: [pki.impostor.leaf, pki.intermediate]))
        #expect(judgement.kind == .interception, "\(judgement.detail)")
        // The real chain still reaches the anchor by key: an expired one is an invalid chain, not an interception.
        let expired = try await judged(ReportBodies.trustKitIOS(chain: pki.expired.full))
        #expect(expired.kind == .invalidChain)
    }

    @Test("a version missing from the releases file whose own pins match nothing on a trusted chain is locked out")
    func unknownVersionLockout() async throws {
        let old = ReportBodies.pins([pki.good.leaf])
        let judgement = try await judged(
            ReportBodies.trustKitIOS(chain: pki.rotated.full, version: "4.1.1", knownPins: old))
        #expect(judgement.release == nil)
        #expect(judgement.kind == .lockout && judgement.reason == .devicePinsReject, "\(judgement.detail)")
        var reporting = ReportBodies.trustKitIOS(chain: pki.rotated.full, version: "4.1.1", knownPins: old)
        reporting["enforce-pinning"] = false
        let reportOnly = try await judged(reporting)
        #expect(reportOnly.kind == .lockout && reportOnly.reason == .reportOnlyPinsReject)
        // The same version whose pins include the CA's key is not locked out by the renewal.
        let survives = try await judged(
            ReportBodies.trustKitIOS(
                chain: pki.rotated.full, version: "4.1.1", knownPins: ReportBodies.pins([pki.intermediate])))
        #expect(survives.kind == .clientFault)
    }
}
