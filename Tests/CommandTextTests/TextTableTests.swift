import CommandText
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

@Suite("Text tables and certificate details")
struct TextTableTests {
    @Test("columns are as wide as their widest cell, two spaces apart; the last column is not padded")
    func alignment() {
        let table = TextTable(header: ["DOMAIN", "VERDICT"], rows: [["a.example", "accepted"], ["bb", "rejected"]])
        #expect(table.lines == ["DOMAIN     VERDICT", "a.example  accepted", "bb         rejected"])
    }

    @Test("a newline or escape in a cell is shown escaped and widens its column instead of breaking the row")
    func hostileCell() {
        let table = TextTable(header: ["A", "B"], rows: [["x\ny", "\u{1B}[31mred"]])
        #expect(table.lines.count == 2)
        #expect(table.lines.allSatisfy { !$0.contains("\n") && !$0.contains("\u{1B}") })
        #expect(table.lines[1].hasPrefix("x\\ny  "))
    }

    @Test("a certificate's details: names, validity in days, and both pins as the openssl pipeline computes them")
    func details() throws {
        let pki = TestPKI.shared
        let details = pki.good.leaf.chainCertificate.details
        let now = Date()
        let lines = DetailsText.lines(details, now: now)
        // The shared PKI's leaf lasts 90 days from when it was issued, earlier in this process.
        let days = details.daysLeft(at: now)
        #expect((80...90).contains(days))
        let pem = pki.good.leaf.pem
        #expect(lines.contains("spki-sha256:  \(try OpenSSLCLI.spkiPin(certificatePEM: pem))"))
        #expect(lines.contains("cert-sha256:  \(try OpenSSLCLI.certPin(certificatePEM: pem))"))
        #expect(lines.contains("DNS names:    \(pki.host), www.\(pki.host)"))
        #expect(lines.contains("Kind:         leaf"))
        #expect(lines.contains { $0.hasPrefix("Valid:") && $0.hasSuffix("(\(days) days left)") })
        let expired = DetailsText.lines(pki.expired.leaf.chainCertificate.details, now: Date())
        #expect(expired.contains { $0.hasPrefix("Valid:") && $0.contains("EXPIRED") && $0.hasSuffix("days ago)") })
    }
}
