import Foundation
import ManifestEditing
import PinningCore
import X509

extension RunningLab {
    /// A manifest for this lab, ready for `pinbench demo`, `pinbench check` and `pinbench lab --write-manifest`.
    ///
    /// Every scenario is a domain on port 443 whose `connect` dials the lab's address instead, as a staging override
    /// would. Some are pinned so the verdicts differ at first sight: `good` is accepted on the lab root (its leaf and
    /// intermediate are left for the user to pin), `rotated` is caught by its backup pin, `mitm`, `expired` and
    /// `wrong-host` are rejected. The rest start unpinned, in report-only mode, to be pinned live.
    ///
    /// Every pinned domain also holds a spare key as its backup, as `pinbench backup-key` makes one: a backup that is
    /// not in the chain served today, so the manifest lints clean and the first write in the workbench shows only
    /// the finding the demo teaches (mitm's pins match nothing its impostor serves).
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
                    pin(root, .certSHA256, .active, "demo: the lab root's certificate"),
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
                    pin(1, .spkiSHA256, .active, "demo: the genuine intermediate key"),
                ].compactMap { $0 }
            case .rotating:
                // The next release: today's leaf key, and the lab root's key, which every rotation state keeps.
                domain.pins = [
                    pin(0, .spkiSHA256, .active, "demo: today's leaf key"),
                    pin(root, .spkiSHA256, .active, "demo: the lab root's key, kept through every rotation"),
                ].compactMap { $0 }
            case .selfSigned, .incomplete, .weak, .slow:
                break
            }
            if !domain.pins.isEmpty {
                domain.pins.append(
                    Pin(
                        type: .spkiSHA256, value: Self.spareKeyPin, role: .backup, label: "spare key (EC P-256)",
                        added: now, note: "demo: a spare key, not in any served chain, as pinbench backup-key makes one"
                    ))
            }
            if domain.pins.count >= 2 { domain.mode = .enforce }
            manifest.domains.append(domain)
        }
        return manifest
    }

    /// A pin of the demo: `certificate`'s key or certificate at `level`, added `now`.
    static func pin(
        _ certificate: Certificate, level: Int, _ type: PinType, _ role: PinRole, note: String, added now: Date
    ) -> Pin {
        Pin(certificate: CertificateDetails(certificate), level: level, type: type, role: role, added: now, note: note)
    }

    /// The pin of the demo's spare key: one key for the process, made as `pinbench backup-key` makes one. Its private
    /// key is never written: in the demo it stands for the key an app's team keeps offline.
    static let spareKeyPin: String = {
        guard let host = try? HostName("spare.pinbench.test"),
            let key = try? BackupKey.generate(for: host, algorithm: .p256)
        else { preconditionFailure("an EC P-256 key could not be generated") }
        return key.spkiPin
    }()
}
