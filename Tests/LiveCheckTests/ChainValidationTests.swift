import ClientModels
import Foundation
import LabPKI
import LiveCheck
import PinningCore
import TestSupport
import Testing

/// `validate`'s judging of a chain file, on real chains of the test PKI.
@Suite("Validating a chain")
struct ChainValidationTests {
    let pki = TestPKI.shared
    var served: [ChainCertificate] { pki.good.presented.map { ChainCertificate($0.certificate) } }
    let unrelated = Data(repeating: 7, count: 32).base64EncodedString()

    func validation(pins: [String], clients: [PinClient]? = nil, ocsp: [UInt8]? = nil) -> ChainValidation {
        let manifest = PinManifest(domains: [
            DomainPolicy(
                host: pki.host,
                pins: pins.enumerated().map { Pin(type: .spkiSHA256, value: $1, role: $0 == 0 ? .active : .backup) })
        ])
        let validator = PinValidator(
            manifest: manifest, trustAnchors: TrustAnchors(certificates: [pki.root.certificate]))
        return ChainValidation(
            host: pki.host, chain: served, validator: validator, at: Date(), ocspResponse: ocsp, clients: clients)
    }

    func object(_ report: ChainValidationReport) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
    }

    @Test("accepted: no failure report; the clients asked about are judged, in text and under JSON's clients key")
    func acceptedWithClients() async throws {
        let rootPin = CertificateDetails(pki.root.certificate).spkiPin
        let report = await validation(pins: [rootPin, unrelated], clients: [.okhttp, .curl]).run()
        #expect(report.verdict.outcome == .accepted)
        #expect(report.failureReports.isEmpty)
        let clients = try #require(report.clients)
        #expect(clients.map(\.client) == [.okhttp, .curl])
        #expect(report.lines == report.verdict.reportLines + ClientVerdict.reportSection(clients))
        let json = try object(report)
        #expect((json["clients"] as? [Any])?.count == 2)
        #expect(json["outcome"] as? String == "accepted")
    }

    @Test("a pin mismatch under an enforced domain: rejected, one RFC 7469 report; no clients key when none asked")
    func rejected() async throws {
        let report = await validation(pins: [unrelated, unrelated]).run()
        #expect(report.verdict.outcome == .rejected)
        #expect(report.failureReports.map(\.hostname) == [pki.host])
        #expect(report.clients == nil)
        #expect(report.lines == report.verdict.reportLines)
        let json = try object(report)
        #expect(json["clients"] == nil)
        #expect(json["outcome"] as? String == "rejected")
    }

    @Test("an OCSP response given is judged as evidence with the chain; none given, revocation is not checked from one")
    func ocspResponse() async throws {
        let rootPin = CertificateDetails(pki.root.certificate).spkiPin
        let without = await validation(pins: [rootPin, unrelated]).run()
        let with = await validation(pins: [rootPin, unrelated], ocsp: [0x30, 0x00]).run()
        #expect(with.verdict.revocation != without.verdict.revocation)
    }
}

/// `--ocsp-response FILE` read: its bytes, or bad input naming the file.
@Suite("Reading an OCSP response file")
struct OCSPResponseFileTests {
    @Test("a regular file's bytes are read; a missing file or a folder is refused naming the path")
    func read() throws {
        let folder = TemporaryFolder()
        let file = folder.write("staple.der", Data([0x30, 0x03, 0x0A, 0x01, 0x01]))
        #expect(try ChainValidation.ocspResponse(at: file) == [0x30, 0x03, 0x0A, 0x01, 0x01])
        for path in [folder.path("missing.der"), folder.url.path] {
            let error = #expect(throws: ChainValidationInputError.self) { try ChainValidation.ocspResponse(at: path) }
            #expect(error?.message.hasPrefix("cannot read the OCSP response \(path): ") == true)
        }
    }
}
