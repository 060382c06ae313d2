import CommandText
import Foundation
import PinningCore
import TestSupport
import Testing

/// `pins`' listing (``CertificateListing``) of real certificates from TestPKI.
@Suite("certificate listing")
struct CertificateListingTests {
    @Test("entries follow the files and their order; the text heads each with FILE [INDEX], a blank line between")
    func listing() {
        let chain = TestPKI.shared.good.presentedChain
        let now = Date()
        let listing = CertificateListing([("a.pem", chain), ("b.der", [chain[0]])], now: now)
        #expect(listing.entries.map(\.file) == Array(repeating: "a.pem", count: chain.count) + ["b.der"])
        #expect(listing.entries.map(\.index) == Array(chain.indices) + [0])
        #expect(listing.entries[0].details == chain[0].details)
        #expect(listing.entries[0].daysLeft == chain[0].details.daysLeft(at: now))

        let lines = listing.lines
        let detail = DetailsText.lines(chain[0].details, now: now).map { "  " + $0 }
        #expect(Array(lines.prefix(1 + detail.count)) == ["a.pem [0]"] + detail)
        #expect(lines[1 + detail.count] == "")
        #expect(lines[2 + detail.count] == "a.pem [1]")
        #expect(lines.filter { $0.isEmpty }.count == listing.entries.count - 1)
        #expect(CertificateListing([], now: now).lines.isEmpty)
    }
}
