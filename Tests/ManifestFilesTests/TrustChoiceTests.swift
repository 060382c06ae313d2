import Foundation
import ManifestFiles
import PinningCore
import TestSupport
import Testing

/// Which bundle `--ca-bundle`, `--no-system-trust` and `$SSL_CERT_FILE` choose (``TrustChoice``), on real PEM files.
@Suite("trust choice")
struct TrustChoiceTests {
    let folder = TemporaryFolder()
    let pki = TestPKI.shared

    func document(anchors: [String] = []) -> ManifestDocument {
        ManifestDocument(
            manifest: PinManifest(trustAnchors: anchors), url: URL(fileURLWithPath: folder.path("pins.json")),
            loadedFingerprint: nil)
    }

    @Test("--ca-bundle wins; $SSL_CERT_FILE comes next; --no-system-trust leaves only a named bundle")
    func bundlePath() {
        let environment = ["SSL_CERT_FILE": "/env/bundle.pem"]
        #expect(
            TrustChoice(caBundle: "/given.pem", systemTrust: true, environment: environment).bundlePath == "/given.pem")
        #expect(
            TrustChoice(caBundle: "/given.pem", systemTrust: false, environment: environment).bundlePath == "/given.pem"
        )
        #expect(TrustChoice(caBundle: nil, systemTrust: true, environment: environment).bundlePath == "/env/bundle.pem")
        #expect(TrustChoice(caBundle: nil, systemTrust: false, environment: environment).bundlePath == nil)
        // An empty $SSL_CERT_FILE is no choice at all: the system's bundle is used.
        let empty = TrustChoice(caBundle: nil, systemTrust: true, environment: ["SSL_CERT_FILE": ""])
        #expect(empty.bundlePath == TrustAnchors.systemBundlePath)
        #expect(empty.bundleSource == nil)
    }

    @Test("the bundle's source names the flag or the variable the user set")
    func bundleSource() {
        #expect(TrustChoice(caBundle: "/b.pem", systemTrust: true, environment: [:]).bundleSource == "--ca-bundle")
        let fromEnvironment = TrustChoice(caBundle: nil, systemTrust: true, environment: ["SSL_CERT_FILE": "/e.pem"])
        #expect(fromEnvironment.bundleSource == "$SSL_CERT_FILE")
        #expect(TrustChoice(caBundle: nil, systemTrust: true, environment: [:]).bundleSource == nil)
    }

    @Test("a named bundle and the manifest's anchors are trusted; an unreadable anchor fails or is skipped")
    func anchors() throws {
        let bundle = folder.write("bundle.pem", pki.root.pem)
        folder.write("lab-root.pem", pki.selfSigned.pem)
        let choice = TrustChoice(caBundle: bundle, systemTrust: false, environment: [:])
        let resolved = try choice.anchors(for: document(anchors: ["lab-root.pem"]))
        #expect(resolved.anchors.contains(pki.root.certificate))
        #expect(resolved.anchors.contains(pki.selfSigned.certificate))
        #expect(!resolved.systemBundleMissing)

        let missing = document(anchors: ["lab-root.pem", "gone.pem"])
        #expect(throws: CertificateDecodingError.self) { try choice.anchors(for: missing) }
        let skipped = try choice.anchors(for: missing, skippingUnreadable: true)
        #expect(skipped.anchors.contains(pki.selfSigned.certificate))
    }

    @Test("without system trust nothing is missing and only the manifest's anchors count")
    func noSystemTrust() throws {
        let resolved = try TrustChoice(caBundle: nil, systemTrust: false, environment: [:]).anchors(for: document())
        #expect(resolved.anchors.certificates.isEmpty)
        #expect(!resolved.systemBundleMissing)
    }

    @Test("the inputs are the manifest, the bundle and each anchor file resolved against the manifest's folder")
    func inputs() {
        let choice = TrustChoice(caBundle: "/b.pem", systemTrust: true, environment: [:])
        let inputs = choice.inputs(document(anchors: ["roots/lab.pem"]))
        #expect(
            inputs == [
                InputFile(folder.path("pins.json"), what: "manifest"), InputFile("/b.pem", what: "CA bundle"),
                InputFile(folder.path("roots/lab.pem"), what: "trust anchor file"),
            ])
        #expect(
            InputFile.manifestAndAnchors(document(), bundle: nil) == [
                InputFile(folder.path("pins.json"), what: "manifest")
            ])
    }
}
