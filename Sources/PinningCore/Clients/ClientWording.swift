/// The reasons of a ``ClientVerdict``, in the words each client uses: its exit code, exception or setting.
struct ClientWording {
    let client: PinClient
    let host: String

    func untrusted(_ rejection: Verdict.Rejection?) -> String {
        let why = rejection?.rawValue ?? "untrusted-chain"
        switch client {
        case .curl:
            switch rejection {
            case .hostnameMismatch:
                return "curl: (60) SSL: no alternative certificate subject name matches target host name '\(host)'."
            case .expired: return "curl: (60) SSL certificate problem: certificate has expired."
            case .notYetValid: return "curl: (60) SSL certificate problem: certificate is not yet valid."
            default: return "curl: (60) SSL certificate problem (\(why)); pins are never reached."
            }
        case .okhttp, .okhttp3:
            if rejection == .hostnameMismatch { return "SSLPeerUnverifiedException: Hostname \(host) not verified." }
            return "SSLHandshakeException: the platform trust manager refuses the chain (\(why)); the "
                + "CertificatePinner is never reached."
        case .android:
            return "the platform TrustManager refuses the chain (\(why)); the pin-set is never reached."
        case .hpkp:
            return "the browser refuses the chain (\(why))."
        case .urlsession, .alamofire, .afnetworking, .trustkit, .ats:
            return "SecTrustEvaluateWithError fails (\(why)); the pins are never reached."
        }
    }

    var ignoresPins: String {
        "browsers ignore Public-Key-Pins (removed from Chrome and Firefox): default trust alone decides."
    }

    func notConfigured(pinBenchPolicy: DomainPolicy?) -> String {
        guard let policy = pinBenchPolicy else { return "no pinning configured for \(host): default trust decides." }
        switch client {
        case .curl:
            return "the exported command line is for \(policy.host) only: curl pins no other host (no subdomains)."
        case .okhttp3:
            return "*.\(policy.host) covers one label only: OkHttp 3 pins nothing for \(host)."
        default:
            return "the exported configuration does not cover \(host)."
        }
    }

    func lapsed(_ domain: DomainPolicy) -> String {
        let day = domain.expires.map { "\($0)" } ?? "?"
        switch client {
        case .android: return "the pin-set's expiration (the day after \(day)) has passed: pins are not enforced."
        case .trustkit: return "kTSKExpirationDate (the day after \(day)) has passed: pins are not enforced."
        default: return "the exported expiry (\(day)) has passed: the host gets default trust evaluation."
        }
    }

    var reportOnlyNotPinned: String {
        "\(client.displayName) has no report-only mode: the export gives this domain default trust evaluation only."
    }

    func nothingCarried(_ domain: DomainPolicy) -> String {
        switch client {
        case .curl: return "no leaf key pin for \(domain.host) (curl carries no CA or certificate pin): not pinned."
        case .ats: return "no leaf or CA identity for \(domain.host) (position-any and certificate pins are skipped)."
        default: return "\(client.displayName) carries none of \(domain.host)'s pins (certificate pins are skipped)."
        }
    }

    func tooFewPins(_ domain: DomainPolicy, count: Int) -> String {
        "TrustKit raises at start-up: \(domain.host) lists \(count) key pin\(count == 1 ? "" : "s"), and it needs at "
            + "least two; no connection is pinned, the app does not start its configuration."
    }

    func matched(level: Int, subject: String) -> String {
        switch client {
        case .curl: return "the leaf's public key matches --pinnedpubkey."
        case .okhttp, .okhttp3:
            return "CertificatePinner: a pin matches \(subject) at position \(level) of the cleaned chain."
        case .ats:
            return "NSPinnedDomains: the \(level == 0 ? "leaf" : "CA") identity matches \(subject) (level \(level))."
        default: return "a pin matches \(subject) at level \(level) of the evaluated chain."
        }
    }

    var reported: String {
        switch client {
        case .trustkit:
            return "no pin matches; kTSKEnforcePinning is NO: the failure is reported, the connection proceeds."
        default: return "no pin matches; report-only: the failure is reported, the connection proceeds."
        }
    }

    func pinFailure(expiredInManifest: Bool) -> String {
        let note = expiredInManifest ? " (the manifest's expiry has passed, but \(client.displayName) has none)" : ""
        switch client {
        case .curl: return "curl: (90) SSL: public key does not match pinned public key\(note)."
        case .okhttp, .okhttp3: return "SSLPeerUnverifiedException: Certificate pinning failure!\(note)"
        case .android: return "CertificateException: Pin verification failed."
        case .ats: return "ATS refuses the connection: the chain does not match NSPinnedDomains\(note)."
        case .trustkit: return "TSKTrustDecisionShouldBlockConnection: no pin matches the evaluated chain."
        case .alamofire:
            return "AFError.serverTrustEvaluationFailed: pinning failed (no bundled key or certificate in the chain)."
        case .afnetworking:
            return "evaluateServerTrust:forDomain: returns NO: no pinned key or certificate in the chain."
        case .urlsession: return "the delegate cancels the challenge: no pin matches the evaluated chain."
        case .hpkp: return "no pin matches."
        }
    }
}
