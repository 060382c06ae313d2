import CTWatch
import FieldReports
import Foundation
import LabPKI
import ManifestFiles
import PinForecast
import PinningCore
import SwiftASN1
import TestSupport
import Testing
import TransparencyLog
import X509

/// `suspicious`: a trusted chain the pins reject is a lockout only for a certificate PinBench knows (the CT watch
/// found it in a log it read, or a release pins its key); otherwise the reason says what CT evidence there was. The
/// watch state is the one a real watch round writes after reading a lab log in memory.
@Suite("FieldReports: a rejected public chain is a lockout only when CT or a release knows its certificate")
struct ReportJudgeCTTests {
    let pki = ReportBodies.pki
    let reader = FieldReportReader()

    /// Release 4.1 and the working manifest pin the good leaf's key: the rotated leaf is known to neither.
    func judge(logged: LoggedCertificates?) -> ReportJudge {
        ReportJudge(
            manifest: manifest, releases: [Release(name: "4.1", manifest: manifest)],
            trustAnchors: TrustAnchors(certificates: [pki.root.certificate]), logged: logged)
    }

    var manifest: PinManifest {
        PinManifest(domains: [
            DomainPolicy(host: pki.host, pins: [Pin(type: .spkiSHA256, value: Fixtures.spki(pki.good.leaf))])
        ])
    }

    /// What a real watch round over a lab log holding `logged` (each with the intermediate as its issuer) keeps.
    func watchState(logging logged: [IssuedCertificate]) async throws -> WatchState {
        let folder = TemporaryFolder()
        let log = LabLog(origin: "ct.pinbench.test/judge")
        for certificate in logged { log.log(certificate.der, chain: [pki.intermediate.der]) }
        log.publish()
        let entry = log.listEntry(description: "Judge Log", url: "http://127.0.0.1/judge/")
        let watched = WatchedLog(
            log: entry,
            endpoint: RFC6962Endpoint(transport: LabLogTransport(log: log), key: entry.key, maximumBatch: 32),
            plainHTTP: true)
        let url = folder.url.appendingPathComponent(WatchState.fileName)
        let round = WatchRound(
            logs: [watched], hosts: WatchedHosts(manifests: [manifest]), releases: [], next: manifest,
            store: DocumentFile(WatchState.self, at: url), fromNow: false, budget: 10_000)
        _ = await round.run { _ in }
        return try #require(try ManifestStore.loadIfPresent(WatchState.self, at: url))
    }

    /// A leaf for the host from the real intermediate, with an SCT from a lab log embedded (signed over its
    /// precertificate as a log signs), that no log holds.
    func leafWithSCT() throws -> IssuedCertificate {
        let precertificate = try CertificateIssuer.leaf(
            commonName: pki.host, dnsNames: [pki.host], issuer: pki.intermediate)
        let log = LabLog(origin: "ct.pinbench.test/sct")
        let unsigned = SignedCertificateTimestamp(
            logID: log.logID, timestampMilliseconds: UInt64(Date().timeIntervalSince1970 * 1000))
        let signed = try SCTVerifier.signedData(
            unsigned, leaf: precertificate.certificate, issuer: pki.intermediate.certificate)
        let sct = SignedCertificateTimestamp(
            logID: log.logID, timestampMilliseconds: unsigned.timestampMilliseconds,
            signature: Array(try log.key.signature(for: signed).derRepresentation))
        var serializer = DER.Serializer()
        try serializer.serialize(
            ASN1OctetString(contentBytes: ArraySlice(SignedCertificateTimestamp.encodeList([sct]))))
        return try CertificateIssuer.reissue(
            precertificate,
            appending: Certificate.Extension(
                oid: SignedCertificateTimestamp.extensionID, critical: false,
                value: ArraySlice(serializer.serializedBytes)),
            issuer: pki.intermediate)
    }

    func judged(
        _ chain: [IssuedCertificate], by judge: ReportJudge, knownPins: [String]? = nil
    ) async throws
        -> ReportJudgement
    {
        let body = ReportBodies.trustKitIOS(chain: chain, version: "4.1", knownPins: knownPins)
        let report = try #require(try reader.read(ReportBodies.bytes(body)).first)
        let cached = await judge.judge(report, at: Date())
        let plain = await judge.judge(report, at: Date(), cached: false)
        #expect(cached == plain)
        return cached
    }

    @Test("the watch found the rotated leaf in a log: a lockout; a leaf it did not find, with an SCT: not-logged")
    func loggedAndUnlogged() async throws {
        let state = try await watchState(logging: [pki.rotated.leaf])
        #expect(state.findings.count == 1)
        let logged = LoggedCertificates(state)
        #expect(logged.logsRead)
        let judge = judge(logged: logged)
        let lockout = try await judged(pki.rotated.full, by: judge)
        #expect(lockout.kind == .lockout && lockout.reason == .pinsReject, "\(lockout.detail)")

        let unlogged = try leafWithSCT()
        let suspicious = try await judged([unlogged, pki.intermediate, pki.root], by: judge)
        #expect(suspicious.kind == .suspicious && suspicious.reason == .notLogged, "\(suspicious.detail)")
        #expect(suspicious.issuer?.contains("PinBench Test CA") == true)
        // A leaf without any SCT fails the core's CT policy under any log list: that is the reason given.
        let bare = try CertificateIssuer.leaf(commonName: pki.host, dnsNames: [pki.host], issuer: pki.intermediate)
        let noSCT = try await judged([bare, pki.intermediate, pki.root], by: judge)
        #expect(noSCT.kind == .suspicious && noSCT.reason == .noSCTs, "\(noSCT.detail)")
        // The device's own pins rejecting an unknown certificate is no lockout either.
        let device = try await judged(
            [unlogged, pki.intermediate, pki.root], by: judge, knownPins: ReportBodies.pins([pki.good.leaf]))
        #expect(device.kind == .suspicious)
    }

    @Test("no watch state, or one that read no log: an unknown certificate is ct-unknown, never a silent lockout")
    func noCTEvidence() async throws {
        let unlogged = try leafWithSCT()
        for logged in [nil, LoggedCertificates(WatchState())] {
            let judge = judge(logged: logged)
            let unknown = try await judged([unlogged, pki.intermediate, pki.root], by: judge)
            #expect(unknown.kind == .suspicious && unknown.reason == .ctUnknown, "\(unknown.detail)")
            let rotated = try await judged(pki.rotated.full, by: judge)
            #expect(rotated.kind == .suspicious && rotated.reason == .noSCTs, "\(rotated.detail)")
        }
        // A release that pins the rotated key (the rotation the forecast plans) makes its rejection a lockout.
        let planned = ReportJudge(
            manifest: manifest,
            releases: [
                Release(name: "4.1", manifest: manifest),
                Release(
                    name: "5.0",
                    manifest: PinManifest(domains: [
                        DomainPolicy(
                            host: pki.host, pins: [Pin(type: .spkiSHA256, value: Fixtures.spki(pki.rotated.leaf))])
                    ])),
            ],
            trustAnchors: TrustAnchors(certificates: [pki.root.certificate]))
        let lockout = try await judged(pki.rotated.full, by: planned)
        #expect(lockout.kind == .lockout && lockout.reason == .pinsReject)
        // Interceptions and client faults are judged as before.
        let interception = try await judged(pki.impostor.presented, by: judge(logged: nil))
        #expect(interception.kind == .interception)
        let accepted = try await judged(
            pki.good.full, by: judge(logged: nil), knownPins: ReportBodies.pins([pki.good.leaf]))
        #expect(accepted.kind == .clientFault)
    }
}
