import PinningCore

// curl: its identity, model, default trust and words. The model is checked against the real curl in
// Tests/CLITests/ClientAgreementTests.swift.

extension PinClient {
    public static let curl = PinClient("curl", displayName: "curl")
}

extension ClientModel {
    /// curl `--pinnedpubkey sha256//…` (and libcurl's `CURLOPT_PINNEDPUBLICKEY`).
    public static let curl = ClientModel(
        client: .curl, certificates: .presentedLeaf, pinTypes: [.spkiSHA256], pinKinds: .listed,
        positions: .leafOnly, subdomains: .exactHostOnly, unitesMatchingDomains: false, expiry: .notCarried,
        reportOnly: .enforced, minimumPins: 1, trust: .openSSL,
        sources: [
            Source(
                "Only the key of the certificate the server sends first is compared, after default verification "
                    + "(exit 60 first, then 90 on a pin mismatch).",
                "curl lib/vtls/openssl.c (SSL_get1_peer_certificate, then Curl_pin_peer_pubkey in lib/vtls/vtls.c); "
                    + "docs/cmdline-opts/pinnedpubkey.md"),
            Source(
                "Hashes are sha256// over the DER SubjectPublicKeyInfo; there are no certificate hashes.",
                "curl docs/libcurl/opts/CURLOPT_PINNEDPUBLICKEY.md"),
            Source(
                "One command line per URL: no subdomains, no expiry, no report-only mode.",
                "curl docs/cmdline-opts/pinnedpubkey.md"),
            Source(
                "A certificate of the CA file is a trust anchor whatever it is (curl sets X509_V_FLAG_PARTIAL_CHAIN): "
                    + "a self-signed leaf listed there is trusted when its name and dates hold.",
                "curl lib/vtls/openssl.c (X509_V_FLAG_PARTIAL_CHAIN unless CURLSSLOPT_NO_PARTIALCHAIN)"),
        ] + curlTrust, wording: CurlWording())

    /// curl's default trust (``PinningCore/TrustRules/openSSL``), rule by rule.
    static let curlTrust = [
        Source(
            "Default trust is OpenSSL 3.0's verification with the ssl_server purpose: a leaf without extended key "
                + "usage passes, a stated one must name serverAuth (anyExtendedKeyUsage alone is refused: "
                + "\"unsuitable certificate purpose\"); a stated key usage must allow digitalSignature, "
                + "keyEncipherment or keyAgreement; a CA:TRUE leaf and a non-CA leaf with keyCertSign pass.",
            "openssl crypto/x509/v3_purp.c (check_purpose_ssl_server, xku_reject, ku_reject); checked against "
                + "/usr/bin/curl 7.88 in Tests/CLITests/ClientAgreementTests.swift"),
        Source(
            "The host is matched against the DNS and IP subject alternative names; only a leaf with neither is "
                + "matched by its subject CN; a wildcard needs two labels after it (*.co.uk matches foo.co.uk, "
                + "*.com does not match foo.com).",
            "curl lib/vtls/openssl.c (ossl_verifyhost), lib/vtls/hostcheck.c (Curl_cert_hostcheck); checked as above"),
    ]
}

extension TrustRules {
    /// curl 7.88 on OpenSSL 3.0: OpenSSL's verification with the `ssl_server` purpose, then curl's own host check.
    public static let openSSL = TrustRules(
        serverAuth: .serverAuthWhenStated, leafKeyUsage: .anyHandshakeUsage, caLeaf: .accepted,
        hostNames: .commonNameWhenNoSubjectAltName, wildcards: .twoLabelsAfter)
}

/// curl's exit codes and error lines, as curl 7.88 on OpenSSL 3.0 prints them.
struct CurlWording: ClientWording {
    func untrusted(_ refusal: ClientRefusal, _ context: ClientWordingContext) -> ClientWords {
        guard let line = trustLine(refusal, host: context.host) else {
            let why = refusal.rejection.rawValue
            return ClientWords(
                "curl exits with 60: its verification refuses the chain (\(why)); pins are never reached.")
        }
        return .quoting(line)
    }

    /// The line curl 7.88 on OpenSSL 3.0 prints for `refusal`, or nil when PinBench does not know it.
    private func trustLine(_ refusal: ClientRefusal, host: String) -> String? {
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

    func notConfigured(_ policy: DomainPolicy, _ context: ClientWordingContext) -> String {
        "the exported command line is for \(policy.host) only: curl pins no other host (no subdomains)."
    }

    func nothingCarried(_ domain: DomainPolicy, _ context: ClientWordingContext) -> String {
        "no leaf key pin for \(domain.host) (curl carries no CA or certificate pin): not pinned."
    }

    func matched(level: Int, subject: String, _ context: ClientWordingContext) -> String {
        "the leaf's public key matches --pinnedpubkey."
    }

    func pinFailure(expiredInManifest: Bool, _ context: ClientWordingContext) -> ClientWords {
        .quoting(
            "curl: (90) SSL: public key does not match pinned public key",
            note: CommonWording.expiredNote(expiredInManifest, context))
    }
}
