import Crypto
import PinningCore

/// The certificates an export can bundle with an app (Alamofire, AFNetworking), found by pin value.
///
/// Those clients pin by loading `.cer` files: a certificate pin needs the certificate itself, a key pin some
/// certificate carrying the key. A pin no given certificate carries (a backup key never served, a chain not
/// fetched) cannot be exported, and the exporter says so.
struct CertificateBundle {
    private var bySPKI: [String: ChainCertificate] = [:]
    private var byCertificate: [String: ChainCertificate] = [:]

    init(_ certificates: [ChainCertificate]) {
        for certificate in certificates {
            if bySPKI[certificate.details.spkiPin] == nil { bySPKI[certificate.details.spkiPin] = certificate }
            byCertificate[certificate.details.certPin] = certificate
        }
    }

    /// A certificate carrying `pin`: the certificate itself for `cert-sha256`, one with the key for `spki-sha256`.
    func certificate(for pin: Pin) -> ChainCertificate? {
        switch pin.type {
        case .spkiSHA256: return bySPKI[pin.value]
        case .certSHA256: return byCertificate[pin.value]
        }
    }

    /// The resource name (without `.cer`) the export gives a certificate: from its DER's SHA-256, never from
    /// manifest or certificate text, so it is a plain file name everywhere.
    static func resourceName(_ certificate: ChainCertificate) -> String {
        let digest = SHA256.hash(data: certificate.der)
        return "pinbench-"
            + digest.prefix(8).map { byte in
                let hex = String(byte, radix: 16)
                return byte < 16 ? "0" + hex : hex
            }.joined()
    }

    /// A domain's pins split for a client that pins keys or certificates, one kind per host: the resources to load
    /// and what could not be carried.
    struct Carried {
        enum Mode { case publicKeys, certificates }
        var mode: Mode = .publicKeys
        /// Resource names with the pins they carry, in pin order.
        var resources: [(name: String, pin: Pin)] = []
        var files: [ExportedFile] = []
        var warnings: [String] = []
    }

    /// Which pins of `domain` a one-kind-per-host client can carry: the key pins that have a certificate, else the
    /// certificate pins that do (the clients' evaluators of one host must all pass, while the manifest accepts any
    /// one pin, so kinds are never mixed).
    func carry(_ domain: DomainPolicy, format: String) -> Carried {
        var carried = Carried()
        var keys: [(ChainCertificate, Pin)] = []
        var certificates: [(ChainCertificate, Pin)] = []
        for pin in domain.pins {
            guard let certificate = certificate(for: pin) else {
                carried.warnings.append(
                    "\(domain.host): \(format) pins by bundled certificates; no certificate for \(pin.type.rawValue) "
                        + "pin \(pin.value)\(pin.role == .backup ? " (backup)" : "") was found in the live chain "
                        + "or --chain, so it was left out")
                continue
            }
            if pin.type == .spkiSHA256 {
                keys.append((certificate, pin))
            } else {
                certificates.append((certificate, pin))
            }
        }
        let chosen = keys.isEmpty ? certificates : keys
        carried.mode = keys.isEmpty ? .certificates : .publicKeys
        if !keys.isEmpty {
            for (_, pin) in certificates {
                carried.warnings.append(
                    "\(domain.host): \(format) checks one kind of pin per host; certificate pin \(pin.value) was "
                        + "left out (the key pins are kept)")
            }
        }
        var names = Set<String>()
        for (certificate, pin) in chosen {
            let name = Self.resourceName(certificate)
            carried.resources.append((name, pin))
            if names.insert(name).inserted {
                carried.files.append(ExportedFile(name: name + ".cer", contents: certificate.der))
            }
        }
        return carried
    }
}
