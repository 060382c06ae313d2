import Foundation
import LabPKI
import ManifestEditing
import PinningCore
import TestSupport
import Testing
import Workbench

/// The Clients view (`C`) on a chain whose leaf subject is hostile (a title-setting escape, a newline, a shell
/// substitution, a right-to-left override): every client whose pin matches names that subject in its reason, and
/// the screen shows it escaped. Real certificates from the lab PKI, judged by the real validator.
@Suite struct ClientsHostileTextTests {
    static let hostileName = "api\u{1B}]0;pwned\u{07}\n$(touch /tmp/pwned)\u{202E}gnp.exe"

    @Test("a hostile leaf subject reaches the Clients view only escaped")
    func hostileSubjectIsEscaped() async throws {
        let pki = TestPKI.shared
        let leaf = try CertificateIssuer.leaf(
            commonName: Self.hostileName, dnsNames: [pki.host], issuer: pki.intermediate,
            organization: "Org\u{1B}[2J\u{9B}31m")
        let chain = [leaf.chainCertificate, pki.intermediate.chainCertificate]
        let leafKey = leaf.chainCertificate.details.spkiPin
        let manifest = PinManifest(domains: [
            DomainPolicy(
                host: pki.host,
                pins: [
                    Pin(type: .spkiSHA256, value: leafKey, position: .leaf, label: "leaf\u{1B}[31m\nlabel"),
                    Pin(type: .spkiSHA256, value: pki.intermediate.chainCertificate.details.spkiPin),
                ])
        ])
        let now = Date()
        let text = String(decoding: ManifestCodec.encode(manifest), as: UTF8.self)
        let document = ManifestDocument(
            manifest: manifest, url: URL(fileURLWithPath: "/tmp/pinbench-hostile/pins.json"), loadedFingerprint: "x",
            loadedText: text)
        var state = WorkbenchState(document: document, size: Size(width: 160, height: 48), now: now)
        _ = state.apply(
            .fetchCompleted(host: pki.host, result: .success(FetchedChain(certificates: chain, fetchedAt: now))))
        let validate = WorkbenchServices.validation(
            trustAnchors: TrustAnchors(certificates: [pki.root.certificate]), clock: { now })
        let summary = await validate(pki.host, chain, manifest, nil)
        #expect(summary.outcome == .accepted, "\(summary.statement)")
        _ = state.apply(.validated(host: pki.host, verdict: summary, generation: state.editing.generation))
        _ = state.apply(.key(.character("C")))

        let screen = WorkbenchProgram.view(state).text
        #expect(screen.contains("Clients: \(pki.host)"))
        #expect(screen.contains("OkHttp 4"), "the clients are listed: \(screen)")
        // The raw reason holds the subject as the certificate has it; the screen only its escaped form.
        #expect(!screen.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) && $0 != "\n" }, "\(screen)")
        #expect(screen.contains("api\\u{1B}]0\\;pwned\\u{7}\\n$(touch /tmp/pwned)\\u{202E}gnp.exe"), "\(screen)")
        #expect(!screen.contains("pwned\n"), "the newline inside the name never starts a screen line")
    }
}
