import ManifestEditing
import PinningCore
import TestSupport
import Testing

@Suite("Manifest editor")
struct ManifestEditorTests {
    @Test("editor: pinning twice says so and changes nothing; unpin, backup toggle, domains")
    func editor() {
        var manifest = PinManifest()
        let pin = Fixtures.pin(Fixtures.unrelatedPin)
        let added = ManifestEditor.addPin(pin, host: "A.test", to: &manifest)
        #expect(added == .pinned(pin, host: "A.test", newDomainMode: .reportOnly) && added.didChange)
        #expect(manifest.domains[0].host == "a.test" && manifest.domains[0].mode == .reportOnly)
        let again = ManifestEditor.addPin(pin, host: "a.test", to: &manifest)
        #expect(again == .alreadyPinned(pin, host: "a.test") && !again.didChange)
        #expect(
            again.description
                == "a.test already pins \(pin.value) (\(pin.type.rawValue), \(pin.role.rawValue)); nothing changed")
        #expect(manifest.domains[0].pins.count == 1)
        let toggled = ManifestEditor.toggleBackup(value: pin.value, host: "a.test", in: &manifest)
        #expect(toggled == .roleChanged(pin.value, host: "a.test", to: .backup) && toggled.didChange)
        #expect(toggled.description == "pin \(pin.value) of a.test is now backup")
        #expect(manifest.domains[0].pins[0].role == .backup)
        let removed = ManifestEditor.removePin(value: pin.value, host: "a.test", from: &manifest)
        #expect(removed == .unpinned(pin.value, host: "a.test") && removed.didChange)
        #expect(removed.description == "unpinned \(pin.value) from a.test")
        let missing = ManifestEditor.removePin(value: pin.value, host: "a.test", from: &manifest)
        #expect(missing == .unknownPin(pin.value, host: "a.test") && !missing.didChange)
        #expect(missing.description == "a.test has no pin \(pin.value); nothing changed")
        let exists = ManifestEditor.addDomain(DomainPolicy(host: "a.test"), to: &manifest)
        #expect(exists == .domainExists("a.test") && !exists.didChange)
        #expect(exists.description == "a.test is already in the manifest; nothing changed")
        let dropped = ManifestEditor.removeDomain(host: "a.test", from: &manifest)
        #expect(dropped == .domainRemoved("a.test", pinCount: 0) && dropped.didChange)
        #expect(dropped.description == "removed a.test and its 0 pins")
        #expect(manifest.domains.isEmpty)
        let fresh = ManifestEditor.addDomain(DomainPolicy(host: "b.test", mode: .enforce), to: &manifest)
        #expect(fresh == .domainAdded("b.test", mode: .enforce) && fresh.description == "added b.test (mode enforce)")
    }
}
