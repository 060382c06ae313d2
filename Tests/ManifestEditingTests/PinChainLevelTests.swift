import Foundation
import ManifestEditing
import PinningCore
import TestSupport
import Testing

/// `pin add`'s pin from a chain level (``Pin/init(chain:level:type:role:added:note:)``), on TestPKI's chain.
@Suite("a pin from a chain level")
struct PinChainLevelTests {
    let chain = TestPKI.shared.good.presentedChain
    let added = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("each level pins its own certificate, by key or whole, with the role, date and note given")
    func levels() throws {
        let leaf = try #require(
            Pin(chain: chain, level: 0, type: .spkiSHA256, role: .backup, added: added, note: "why"))
        #expect(leaf.value == chain[0].details.spkiPin)
        #expect(leaf.role == .backup)
        #expect(leaf.added == added)
        #expect(leaf.note == "why")
        let issuer = try #require(
            Pin(chain: chain, level: 1, type: .certSHA256, role: .active, added: added, note: nil))
        #expect(issuer.value == chain[1].details.certPin)
        #expect(issuer.note == nil)
    }

    @Test("a level the chain does not have gives no pin")
    func outOfRange() {
        for level in [-1, chain.count, Int.max] {
            #expect(Pin(chain: chain, level: level, type: .spkiSHA256, role: .active, added: added, note: nil) == nil)
        }
    }
}
