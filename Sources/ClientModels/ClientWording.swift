/// The reasons of a ``ClientVerdict``, in the words each client uses: its exit code, exception or setting.
struct ClientWording {
    let client: PinClient
    let host: String

    /// A reason, and what the client itself prints when its words are known (curl's error line, the beginning of
    /// OkHttp's exception) — each checked against the real client (Tests/CLITests/ClientAgreementTests.swift).
    struct Words {
        let reason: String
        let message: String?

        init(_ reason: String, message: String? = nil) {
            self.reason = reason
            self.message = message
        }

        /// The client's message is the reason, with `note` after it when there is one.
        static func quoting(_ message: String, note: String = "") -> Words {
            Words(message + note, message: message)
        }
    }

    func untrusted(_ refusal: ClientRefusal) -> Words {
        let why = refusal.rejection.rawValue
        switch client {
        case .curl:
            guard let line = curlTrustLine(refusal) else {
                return Words("curl exits with 60: its verification refuses the chain (\(why)); pins are never reached.")
            }
            return .quoting(line)
        case .okhttp, .okhttp3:
            return .quoting(okHttpTrustMessage(refusal))
        case .android:
            return Words("the platform TrustManager refuses the chain (\(why)); the pin-set is never reached.")
        case .hpkp:
            return Words("the browser refuses the chain (\(why)).")
        case .urlsession, .alamofire, .afnetworking, .trustkit, .ats:
            return Words("SecTrustEvaluateWithError fails (\(why)); the pins are never reached.")
        }
    }

    /// The line curl 7.88 on OpenSSL 3.0 prints for `refusal`, or nil when PinBench does not know it.
    private func curlTrustLine(_ refusal: ClientRefusal) -> String? {
        let problem = "curl: (60) SSL certificate problem: "
        switch refusal.rejection {
        case .hostnameMismatch:
            if refusal.leafHasNames {
                return "curl: (60) SSL: no alternative certificate subject name matches target host name '\(host)'"
            }
            guard let commonName = refusal.leafCommonName else {
                return "curl: (60) SSL: unable to obtain common name from peer certificate"
            }
            return "curl: (60) SSL: certificate subject name '\(commonName)' does not match target host name '\(host)'"
        case .expired: return problem + "certificate has expired"
        case .notYetValid: return problem + "certificate is not yet valid"
        case .wrongKeyUsage, .leafKeyUsage: return problem + "unsuitable certificate purpose"
        case .caCannotSignCertificates: return problem + "invalid CA certificate"
        case .nameConstraints:
            return problem + (refusal.excludedName ? "excluded subtree violation" : "permitted subtree violation")
        case .untrustedChain:
            switch refusal.untrustedEnd {
            case .selfSignedLeaf: return problem + "self-signed certificate"
            case .selfSignedInChain: return problem + "self-signed certificate in certificate chain"
            case .issuerNotFound, nil: return problem + "unable to get local issuer certificate"
            }
        default: return nil
        }
    }

    /// The beginning of the exception OkHttp 3.13 on OpenJDK 17 throws for `refusal`: the hostname verifier's, the
    /// end-entity checker's, or the PKIX validator's, which validates the chain as sent or builds a path.
    private func okHttpTrustMessage(_ refusal: ClientRefusal) -> String {
        switch refusal.rejection {
        case .hostnameMismatch: return "SSLPeerUnverifiedException: Hostname \(host) not verified"
        case .wrongKeyUsage:
            return "SSLHandshakeException: Extended key usage does not permit use for TLS server authentication"
        case .leafKeyUsage: return "SSLHandshakeException: KeyUsage does not allow digital signatures"
        default: break
        }
        guard refusal.validatesSentChain else { return "SSLHandshakeException: PKIX path building failed" }
        let validation = "SSLHandshakeException: PKIX path validation failed"
        let cause = ": java.security.cert.CertPathValidatorException: "
        switch refusal.rejection {
        case .expired, .notYetValid: return validation + cause + "validity check failed"
        case .caCannotSignCertificates:
            return validation + cause + "CA key usage check failed: keyCertSign bit is not set"
        case .nameConstraints: return validation + cause + "name constraints check failed"
        case .untrustedChain: return validation + cause + "Path does not chain with any of the trust anchors"
        default: return validation
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

    func pinFailure(expiredInManifest: Bool) -> Words {
        let note = expiredInManifest ? " (the manifest's expiry has passed, but \(client.displayName) has none)" : ""
        switch client {
        case .curl: return .quoting("curl: (90) SSL: public key does not match pinned public key", note: note)
        case .okhttp, .okhttp3:
            return .quoting("SSLPeerUnverifiedException: Certificate pinning failure!", note: note)
        case .android: return Words("CertificateException: Pin verification failed.")
        case .ats: return Words("ATS refuses the connection: the chain does not match NSPinnedDomains\(note).")
        case .trustkit: return Words("TSKTrustDecisionShouldBlockConnection: no pin matches the evaluated chain.")
        case .alamofire:
            return Words(
                "AFError.serverTrustEvaluationFailed: pinning failed (no bundled key or certificate in the chain).")
        case .afnetworking:
            return Words("evaluateServerTrust:forDomain: returns NO: no pinned key or certificate in the chain.")
        case .urlsession: return Words("the delegate cancels the challenge: no pin matches the evaluated chain.")
        case .hpkp: return Words("no pin matches.")
        }
    }
}
