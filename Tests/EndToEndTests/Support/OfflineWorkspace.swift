import Foundation
import LabPKI
import PinningCore
import TestSupport

/// A manifest and a folder of `HOST.pem` chains for `pinbench --manifest M --chains FOLDER`: the workbench with
/// no network at all, judging chains issued by LabPKI under the manifest's own trust anchor.
struct OfflineWorkspace {
    let folder = TemporaryFolder()

    /// Writes `root.pem` (the manifest's only trust anchor), one `chains/HOST.pem` per entry of `chains`, and a
    /// manifest with `domains`.
    init(root: IssuedCertificate, chains: [String: IssuedChain], domains: [DomainPolicy]) throws {
        folder.write("root.pem", root.pem)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("chains"), withIntermediateDirectories: true)
        for (host, chain) in chains {
            folder.write("chains/\(host).pem", chain.presentedPEM)
        }
        let manifest = PinManifest(trustAnchors: ["root.pem"], domains: domains)
        folder.write("pins.json", ManifestCodec.encode(manifest))
    }

    /// The workbench's arguments: this manifest, chains from this folder, no system trust.
    var workbenchArguments: [String] {
        ["--manifest", folder.path("pins.json"), "--chains", folder.path("chains"), "--no-system-trust"]
    }

    /// The shared test PKI's good chain for its host, pinned on the leaf key with the CA key as backup (accepted),
    /// and a second domain with no chain file (its fetch fails): a screen with several verdict colours.
    static func standard() throws -> OfflineWorkspace {
        let pki = TestPKI.shared
        let pins = [
            Pin(certificate: CertificateDetails(pki.good.leaf.certificate), level: 0, type: .spkiSHA256, added: Date()),
            Pin(
                certificate: CertificateDetails(pki.intermediate.certificate), level: 1, type: .spkiSHA256,
                role: .backup, added: Date()),
        ]
        return try OfflineWorkspace(
            root: pki.root, chains: [pki.host: pki.good],
            domains: [DomainPolicy(host: pki.host, pins: pins), DomainPolicy(host: "missing.pinbench.test")])
    }
}
