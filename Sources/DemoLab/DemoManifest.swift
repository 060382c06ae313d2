import Foundation
import PinningCore
import X509

extension RunningLab {
    /// A manifest for this lab, ready for `pinbench demo`, `pinbench check` and `pinbench lab --write-manifest`.
    ///
    /// Every scenario is a domain on port 443 whose `connect` dials the lab's address instead, as a staging override
    /// would. Some are pinned so the verdicts differ at
    /// first sight: `good` is accepted on the lab root (its leaf and
    /// intermediate are left for the user to pin), `rotated` is caught by its backup pin, `mitm`,
    /// `expired` and `wrong-host` are rejected. The rest start unpinned, in report-only mode, to be pinned live.
    ///
    /// - Parameter rootAnchorPath: where the lab root PEM is (or will be) written, relative to the manifest.
    public func demoManifest(rootAnchorPath: String, now: Date = Date()) -> PinManifest {
        var manifest = PinManifest(trustAnchors: [rootAnchorPath])
        for scenario in scenarios {
            var domain = DomainPolicy(host: scenario.host, port: 443, connect: endpoint, mode: .reportOnly)
            let pinned = scenario.pinnedChain
            func pin(_ level: Int, _ type: PinType, _ role: PinRole, _ note: String) -> Pin? {
                guard pinned.indices.contains(level) else { return nil }
                return Pin(
                    certificate: CertificateDetails(pinned[level]),
                    level: level,
                    type: type,
                    role: role,
                    added: now,
                    note: note
                )
            }
            let root = pinned.count - 1
            switch scenario.kind {
            case .good:
                domain.pins = [
                    pin(root, .spkiSHA256, .active, "demo: the lab root's key"),
                    pin(root, .certSHA256, .backup, "demo: the lab root's certificate"),
                ].compactMap { $0 }
            case .rotated:
                // The leaf pinned before the rotation, and the key it rotated to, kept as a backup all along.
                let rotatedTo = CertificateDetails(scenario.servedCertificates[0])
                domain.pins = [pin(0, .spkiSHA256, .active, "demo: the leaf key before rotation")].compactMap { $0 }
                domain.pins.append(
                    Pin(
                        certificate: rotatedTo,
                        level: 0,
                        type: .spkiSHA256,
                        role: .backup,
                        added: now,
                        note: "demo: the spare key the leaf rotated to"
                    )
                )
            case .mitm, .expired, .wrongHost, .tls11, .revoked, .ctLogged, .noSCT:
                domain.pins = [
                    pin(0, .spkiSHA256, .active, "demo: the genuine leaf key"),
                    pin(1, .spkiSHA256, .backup, "demo: the genuine intermediate key"),
                ].compactMap { $0 }
            case .selfSigned, .incomplete, .weak, .slow:
                break
            }
            if domain.pins.count >= 2 { domain.mode = .enforce }
            manifest.domains.append(domain)
        }
        return manifest
    }
}
