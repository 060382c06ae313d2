import DemoLab
import Foundation
import ManifestFiles
import PinningCore
import TestSupport
import Testing

/// `inspect`'s note on an untrusted chain, built from the trust the command chose (``TrustChoice``).
@Suite("inspect's trust note")
struct InspectTrustNoteTests {
    let folder = TemporaryFolder()

    func document(_ name: String) -> ManifestDocument {
        ManifestDocument(
            manifest: PinManifest(trustAnchors: ["root.pem"]), url: URL(fileURLWithPath: folder.path(name)),
            loadedFingerprint: nil)
    }

    @Test("the note names the bundle as the user gave it, and whether the manifest was read")
    func fromChoice() {
        folder.write("pins.json", "{}")
        let given = TrustChoice(caBundle: "/b.pem", systemTrust: true, environment: [:])
        let note = InspectTrustNote(trust: given, document: document("pins.json"))
        #expect(note.bundlePath == "/b.pem")
        #expect(note.bundleSource == "--ca-bundle")
        #expect(note.manifestAnchors == ["root.pem"])
        #expect(note.manifestWasRead)
        #expect(note.lines[0].hasPrefix("Trust used: the bundle --ca-bundle names (/b.pem)"))

        let none = TrustChoice(caBundle: nil, systemTrust: false, environment: ["SSL_CERT_FILE": "/e.pem"])
        let missing = InspectTrustNote(trust: none, document: document("absent.json"))
        #expect(missing.bundlePath == nil)
        #expect(!missing.manifestWasRead)
        #expect(
            missing.lines[0]
                == "Trust used: no CA bundle and no manifest (absent.json was not found), so no trustAnchors.")
    }
}
