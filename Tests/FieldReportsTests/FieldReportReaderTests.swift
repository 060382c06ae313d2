import FieldReports
import Foundation
import LabPKI
import PinExport
import PinningCore
import TestSupport
import Testing

@Suite("FieldReports: bodies read strictly, with bounds, in every format")
struct FieldReportReaderTests {
    let pki = ReportBodies.pki
    let reader = FieldReportReader()

    @Test("TrustKit iOS: its fields, the validated chain's DER, the known pins' values")
    func trustKitIOS() throws {
        let body = ReportBodies.bytes(ReportBodies.trustKitIOS(chain: pki.good.full))
        let reports = try reader.read(body)
        #expect(reports.count == 1)
        let report = reports[0]
        #expect(report.format == .trustKitIOS)
        #expect(report.host == pki.host)
        #expect(report.port == 443)
        #expect(report.appVersion == "4.1")
        #expect(report.appBundleID == "com.example.app")
        #expect(report.enforcePinning == true)
        #expect(report.validationResult == 1)
        #expect(report.validatedChain == .certificates(pki.good.full.map(\.der)))
        #expect(report.servedChain == .none)
        #expect(report.chainToJudge == report.validatedChain)
        #expect(report.knownPins == [Fixtures.spki(pki.good.leaf), Fixtures.spki(pki.intermediate)].sorted())
    }

    @Test("TrustKit Android: the platform field decides, the served chain is judged")
    func trustKitAndroid() throws {
        let body = ReportBodies.bytes(ReportBodies.trustKitAndroid(chain: pki.rotated.presented))
        let report = try #require(try reader.read(body).first)
        #expect(report.format == .trustKitAndroid)
        #expect(report.includeSubdomains == true)
        #expect(report.chainToJudge == .certificates(pki.rotated.presented.map(\.der)))
    }

    @Test("RFC 7469 section 3: no TrustKit field, the expiration date read")
    func rfc7469() throws {
        let report = try #require(
            try reader.read(ReportBodies.bytes(ReportBodies.rfc7469(chain: pki.good.presented))).first)
        #expect(report.format == .rfc7469)
        #expect(report.effectiveExpirationDate == Timestamp.parse("2027-01-01T00:00:00Z"))
        #expect(report.appVersion == nil)
    }

    @Test("What `validate --report` writes (PinFailureReport) reads back field for field")
    func pinbenchReportReadsBack() async throws {
        let manifest = PinManifest(domains: [
            DomainPolicy(host: pki.host, pins: [Pin(type: .spkiSHA256, value: Fixtures.spki(pki.good.leaf))])
        ])
        let validator = PinValidator(
            manifest: manifest, trustAnchors: TrustAnchors(certificates: [pki.root.certificate]))
        let served = pki.rotated.presentedChain
        let verdict = await validator.validate(host: pki.host, chain: served, at: Date())
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let written = try #require(PinFailureReport(verdict: verdict, port: 8443, served: served, at: time))
        let data = try PinFailureReport.json([written, written])
        let reports = try reader.read(Array(data))
        #expect(reports.count == 2)
        let report = reports[0]
        #expect(report.format == .pinbench)
        #expect(report.host == pki.host)
        #expect(report.port == 8443)
        #expect(report.dateTime == time)
        #expect(report.servedChain == .certificates(served.map(\.der)))
        #expect(report.validatedChain == .certificates(pki.rotated.full.map(\.der)))
        #expect(report.knownPins == [Fixtures.spki(pki.good.leaf)])
    }

    @Test("Each bound refuses with its code, before the body costs more than its bytes")
    func bounds() throws {
        let small = FieldReportReader(limits: FieldReportLimits(bodyBytes: 1_000))
        let body = ReportBodies.bytes(ReportBodies.trustKitIOS(chain: pki.good.full))
        #expect(throws: FieldReportError(.tooLarge, "")) { try small.read(body) }

        let deep = Array((String(repeating: "[", count: 50) + String(repeating: "]", count: 50)).utf8)
        #expect(throws: FieldReportError(.notJSON, "")) { try reader.read(deep) }

        var many = ReportBodies.trustKitIOS(chain: pki.good.full)
        many["validated-certificate-chain"] = Array(repeating: pki.good.leaf.pem, count: 11)
        #expect(throws: FieldReportError(.notAReport, "")) { try reader.read(ReportBodies.bytes(many)) }

        var long = ReportBodies.trustKitIOS(chain: pki.good.full)
        long["validated-certificate-chain"] = [String(repeating: "A", count: 17_000)]
        #expect(throws: FieldReportError(.notAReport, "")) { try reader.read(ReportBodies.bytes(long)) }

        var longVersion = ReportBodies.trustKitIOS(chain: pki.good.full)
        longVersion["app-version"] = String(repeating: "9", count: 600)
        #expect(throws: FieldReportError(.notAReport, "")) { try reader.read(ReportBodies.bytes(longVersion)) }

        let reports = Array(repeating: ReportBodies.rfc7469(chain: pki.good.presented), count: 17)
        #expect(throws: FieldReportError(.notAReport, "")) { try reader.read(ReportBodies.bytes(reports)) }
        #expect(throws: FieldReportError(.notAReport, "")) { try reader.read(Array("[]".utf8)) }
        #expect(throws: FieldReportError(.notJSON, "")) {
            try reader.read(Array("{\"hostname\":\"a.test\",\"hostname\":\"b.test\"}".utf8))
        }
        #expect(throws: FieldReportError(.notAReport, "")) { try reader.read(Array("{\"port\":443}".utf8)) }
        #expect(throws: FieldReportError(.notAReport, "")) {
            try reader.read(Array("{\"hostname\":\"a.test\",\"port\":70000}".utf8))
        }
    }

    @Test("A hostile host or pin is refused, and the message shows it escaped")
    func hostileFields() throws {
        var hostile = ReportBodies.trustKitIOS(chain: pki.good.full)
        hostile["hostname"] = "evil.test\u{1B}]0;owned\u{07}\nnext"
        do {
            _ = try reader.read(ReportBodies.bytes(hostile))
            Issue.record("a hostile host was read")
        } catch {
            #expect(error.code == .notAReport)
            #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 })
            #expect(error.message.contains("\\u{1B}"))
        }
        var badPin = ReportBodies.trustKitIOS(chain: pki.good.full)
        badPin["known-pins"] = ["pin-sha1=\"AAAA\""]
        #expect(throws: FieldReportError(.notAReport, "")) { try reader.read(ReportBodies.bytes(badPin)) }
    }

    @Test("A chain that is not PEM certificates keeps the report, marked unreadable")
    func unreadableChainKept() throws {
        var garbage = ReportBodies.trustKitIOS(chain: pki.good.full)
        garbage["validated-certificate-chain"] = ["-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----"]
        let report = try #require(try reader.read(ReportBodies.bytes(garbage)).first)
        guard case .unreadable(let reason) = report.chainToJudge else {
            Issue.record("expected an unreadable chain, got \(report.chainToJudge)")
            return
        }
        #expect(reason.contains("validated-certificate-chain[0]"))
        var none = ReportBodies.trustKitIOS(chain: [])
        none["validated-certificate-chain"] = nil
        #expect(try reader.read(ReportBodies.bytes(none)).first?.chainToJudge == FieldReport.Chain.none)
    }
}
