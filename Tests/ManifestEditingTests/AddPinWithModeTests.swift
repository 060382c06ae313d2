import Foundation
import ManifestEditing
import PinningCore
import Testing

/// `pin add --mode`: one edit adds the pin and sets the domain's mode, and says which it did.
@Suite("Adding a pin with a mode")
struct AddPinWithModeTests {
    static let values = (1...2).map { Data(repeating: UInt8($0), count: 32).base64EncodedString() }

    static func pin(_ value: String) -> Pin { Pin(type: .spkiSHA256, value: value, role: .active) }

    @Test("a new domain starts in the mode given (report-only without one), and no mode is said to be set")
    func newDomain() {
        var manifest = PinManifest()
        let first = ManifestEditor.addPin(Self.pin(Self.values[0]), host: "a.example", to: &manifest, mode: nil)
        #expect(first.outcome.didChange)
        #expect(first.modeSet == nil)
        #expect(manifest.domains[0].mode == .reportOnly)
        let second = ManifestEditor.addPin(Self.pin(Self.values[0]), host: "b.example", to: &manifest, mode: .enforce)
        #expect(second.modeSet == nil)
        #expect(manifest.domains[1].mode == .enforce)
    }

    @Test("an existing domain's mode is set only when it differs, even when the pin is already there")
    func existingDomain() {
        var manifest = PinManifest()
        _ = ManifestEditor.addPin(Self.pin(Self.values[0]), host: "a.example", to: &manifest, mode: nil)
        let again = ManifestEditor.addPin(Self.pin(Self.values[0]), host: "a.example", to: &manifest, mode: .enforce)
        #expect(!again.outcome.didChange)
        #expect(again.modeSet == .enforce)
        #expect(manifest.domains[0].mode == .enforce)
        let same = ManifestEditor.addPin(Self.pin(Self.values[1]), host: "a.example", to: &manifest, mode: .enforce)
        #expect(same.outcome.didChange)
        #expect(same.modeSet == nil)
        #expect(manifest.domains[0].pins.count == 2)
    }
}
