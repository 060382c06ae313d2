import ChainProbe
import Foundation
import PinningCore
import TestSupport
import Testing

/// The certificate rule table of RELIABILITY.md, row by row, against a live `openssl s_server` on 127.0.0.1: each
/// row's certificates are made with the openssl command line, served, and judged by `openssl verify -purpose
/// sslserver`, by Debian's curl (`--cacert`, `--resolve` to 127.0.0.1) and by PinBench on the chain the probe
/// received. Where PinBench decides otherwise than OpenSSL and curl, the row says which platform rule it follows.
@Suite("Certificate rules against openssl verify and curl", .serialized)
struct CertificateRuleTableTests {
    /// A certificate and its key, as PEM text.
    struct Made: Sendable {
        let pem: String
        let keyPEM: String
    }

    /// One rule: how its chain is made, and what each judge decides (nil rejection: PinBench accepts).
    struct Row: Sendable, CustomTestStringConvertible {
        let rule: String
        let host: String
        var intermediate: [String]? = nil
        var leaf: [String]
        var selfSignedLeaf = false
        let openssl: Bool
        let curl: Bool
        let pinBench: Verdict.Rejection?
        /// Words the verdict's explanation must hold: the reason, not only the rejection.
        var reasonHolds: String? = nil

        var testDescription: String { rule }
    }

    static let serverAuth = "extendedKeyUsage=serverAuth"

    static let rows: [Row] = [
        Row(
            rule: "control: a well-formed chain", host: "good.example.com",
            intermediate: ["basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign,cRLSign"],
            leaf: ["subjectAltName=DNS:good.example.com", serverAuth], openssl: true, curl: true, pinBench: nil),
        Row(
            rule: "RFC 5280 4.2.1.3: a CA's key usage must include keyCertSign", host: "ica.example.com",
            intermediate: ["basicConstraints=critical,CA:TRUE", "keyUsage=critical,digitalSignature,cRLSign"],
            leaf: ["subjectAltName=DNS:ica.example.com", serverAuth], openssl: false, curl: false,
            pinBench: .caCannotSignCertificates, reasonHolds: "keyCertSign"),
        Row(
            rule: "RFC 5280 4.2.1.3: a leaf asserting only keyCertSign (EC key)", host: "kcs.example.com",
            leaf: [
                "subjectAltName=DNS:kcs.example.com", serverAuth, "keyUsage=critical,keyCertSign",
                "basicConstraints=critical,CA:FALSE",
            ],
            openssl: false, curl: false, pinBench: .leafKeyUsage, reasonHolds: "keyCertSign"),
        Row(
            rule: "OpenSSL sslserver purpose: the leaf's key usage must allow a handshake", host: "nr.example.com",
            leaf: ["subjectAltName=DNS:nr.example.com", serverAuth, "keyUsage=critical,nonRepudiation"],
            openssl: false, curl: false, pinBench: .leafKeyUsage, reasonHolds: "TLS handshake"),
        Row(
            rule: "RFC 6125 6.4.3: *.com covers no host", host: "example.com",
            leaf: ["subjectAltName=DNS:*.com", serverAuth], openssl: false, curl: false, pinBench: .hostnameMismatch,
            reasonHolds: "fewer than two labels"),
        Row(
            rule: "public suffix list (Chrome): *.co.uk covers no host", host: "example.co.uk",
            leaf: ["subjectAltName=DNS:*.co.uk", serverAuth], openssl: true, curl: true, pinBench: .hostnameMismatch,
            reasonHolds: "public suffix co.uk"),
        Row(
            rule: "CA/B BR 7.1.2.7.10: a partial wildcard ba*.example.com", host: "baz.example.com",
            leaf: ["subjectAltName=DNS:ba*.example.com", serverAuth], openssl: true, curl: false,
            pinBench: .hostnameMismatch, reasonHolds: "inside a label"),
        Row(
            rule: "RFC 6125 6.4.3: a wildcard covers one label only", host: "a.b.example.com",
            leaf: ["subjectAltName=DNS:*.example.com", serverAuth], openssl: false, curl: false,
            pinBench: .hostnameMismatch),
        Row(
            rule: "CA/B BR 7.1.2.7.8: a CA certificate as the leaf", host: "ca.example.com",
            leaf: [
                "subjectAltName=DNS:ca.example.com", serverAuth, "basicConstraints=critical,CA:TRUE",
                "keyUsage=critical,digitalSignature,keyCertSign",
            ],
            openssl: true, curl: true, pinBench: .caAsLeaf, reasonHolds: "CA:TRUE"),
        Row(
            rule: "iOS 13: a leaf issued after July 2019 needs the serverAuth EKU", host: "noeku.example.com",
            leaf: ["subjectAltName=DNS:noeku.example.com"], openssl: true, curl: true, pinBench: .wrongKeyUsage,
            reasonHolds: "iOS 13"),
        Row(
            rule: "RFC 5280 4.2.1.11: a critical policy constraints extension on an intermediate",
            host: "pc.example.com",
            intermediate: [
                "basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign,cRLSign",
                "policyConstraints=critical,inhibitPolicyMapping:0",
            ],
            leaf: ["subjectAltName=DNS:pc.example.com", serverAuth], openssl: true, curl: true, pinBench: nil),
        Row(
            rule: "a self-signed leaf that is itself the trust anchor", host: "self.example.com",
            leaf: ["subjectAltName=DNS:self.example.com", serverAuth], selfSignedLeaf: true, openssl: true,
            curl: true, pinBench: nil),
        Row(
            rule: "a self-signed leaf marked CA:FALSE that is itself the trust anchor", host: "self-ee.example.com",
            leaf: [
                "subjectAltName=DNS:self-ee.example.com", serverAuth, "basicConstraints=critical,CA:FALSE",
                "keyUsage=critical,digitalSignature",
            ], selfSignedLeaf: true, openssl: true, curl: true, pinBench: nil),
        Row(
            rule: "RFC 5280 4.2.1.10: a name outside the CA's permitted subtree", host: "other.test",
            intermediate: [
                "basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign,cRLSign",
                "nameConstraints=critical,permitted;DNS:allowed.test",
            ],
            leaf: ["subjectAltName=DNS:other.test", serverAuth], openssl: false, curl: false,
            pinBench: .nameConstraints, reasonHolds: "allowed.test"),
        Row(
            rule: "RFC 5280 4.2.1.6: an IP address written as a DNS name", host: "127.0.0.1",
            leaf: ["subjectAltName=DNS:127.0.0.1", serverAuth], openssl: false, curl: false,
            pinBench: .hostnameMismatch, reasonHolds: "IP address written as a DNS name"),
    ]

    /// `openssl req` for a new P-256 key; self-signed with `extensions` (`-addext`), or a request to sign.
    static func request(_ subject: String, folder: TemporaryFolder, selfSigned: [String]? = nil) throws -> Made {
        var arguments = ["req", "-nodes", "-subj", subject, "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"]
        if let selfSigned {
            arguments += ["-x509", "-days", "30", "-sha256"] + selfSigned.flatMap { ["-addext", $0] }
        } else {
            arguments.append("-new")
        }
        try OpenSSLCLI.run(arguments + ["-keyout", folder.path("new.key"), "-out", folder.path("new.pem")])
        return Made(pem: folder.read("new.pem") ?? "", keyPEM: folder.read("new.key") ?? "")
    }

    /// A certificate for `subject` signed by `issuer`, with exactly `extensions` (openssl config lines).
    static func issue(_ subject: String, by issuer: Made, extensions: [String]) throws -> Made {
        let folder = TemporaryFolder()
        let request = try request(subject, folder: folder)
        try OpenSSLCLI.run([
            "x509", "-req", "-in", folder.write("request.pem", request.pem), "-days", "30", "-sha256",
            "-set_serial", String(UInt32.random(in: 1...UInt32.max)),
            "-CA", folder.write("issuer.pem", issuer.pem), "-CAkey", folder.write("issuer.key", issuer.keyPEM),
            "-extfile", folder.write("extensions.cnf", extensions.joined(separator: "\n") + "\n"),
            "-out", folder.path("issued.pem"),
        ])
        return Made(pem: folder.read("issued.pem") ?? "", keyPEM: request.keyPEM)
    }

    /// The anchor, the leaf and the certificates served after it.
    static func make(_ row: Row) throws -> (anchor: Made, leaf: Made, chain: [Made]) {
        let folder = TemporaryFolder()
        if row.selfSignedLeaf {
            let leaf = try request("/CN=\(row.host)", folder: folder, selfSigned: row.leaf)
            return (leaf, leaf, [])
        }
        let root = try request(
            "/CN=Rule Table Root", folder: folder,
            selfSigned: ["basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign,cRLSign"])
        guard let intermediate = row.intermediate else {
            return (root, try issue("/CN=\(row.host)", by: root, extensions: row.leaf), [])
        }
        let ica = try issue("/CN=Rule Table Intermediate", by: root, extensions: intermediate)
        return (root, try issue("/CN=\(row.host)", by: ica, extensions: row.leaf), [ica])
    }

    static func isAddress(_ host: String) -> Bool { host.allSatisfy { $0.isNumber || $0 == "." } }

    @Test("each rule: PinBench, openssl verify and curl on a live s_server", arguments: rows)
    func rule(_ row: Row) async throws {
        let (anchor, leaf, chain) = try await OffPoolThread.run { try Self.make(row) }
        let server = try await OpenSSLServer.start(
            .init(certificatePEM: leaf.pem, keyPEM: leaf.keyPEM, chainPEM: chain.map(\.pem)))
        defer { server.stop() }
        let folder = TemporaryFolder()
        let anchorPath = folder.write("anchor.pem", anchor.pem)
        let address = Self.isAddress(row.host)

        var verify = [
            "verify", "-purpose", "sslserver", "-CAfile", anchorPath,
            address ? "-verify_ip" : "-verify_hostname", row.host,
        ]
        if !chain.isEmpty { verify += ["-untrusted", folder.write("chain.pem", chain.map(\.pem).joined())] }
        let verified = try await OffPoolThread.run { [verify] in
            try ProcessRunner.run("/usr/bin/openssl", verify + [folder.write("leaf.pem", leaf.pem)])
        }
        #expect((verified.status == 0) == row.openssl, "openssl verify: \(verified.stdoutText)\(verified.stderrText)")

        let url = "https://\(row.host):\(server.port)/"
        var curl = ["-sS", "-o", "/dev/null", "--max-time", "10", "--cacert", anchorPath]
        if !address { curl += ["--resolve", "\(row.host):\(server.port):127.0.0.1"] }
        let fetched = try await OffPoolThread.run { [curl] in try ProcessRunner.run("/usr/bin/curl", curl + [url]) }
        #expect((fetched.status == 0) == row.curl, "curl: exit \(fetched.status) \(fetched.stderrText)")

        let target = ProbeTarget(
            host: row.host, port: server.port, connect: ProbeEndpoint(host: "127.0.0.1", port: server.port))
        let probe = try await ChainProber().probe(target).get()
        let anchors = try CertificateChainDecoder.decode(Data(anchor.pem.utf8), source: "anchor")
        let publicSuffixes = PublicSuffixList.compiledIn
        let validator = PinValidator(
            manifest: PinManifest(domains: []),
            trustAnchors: TrustAnchors(certificates: anchors.compactMap(\.certificate)),
            publicSuffixes: publicSuffixes)
        let verdict = await validator.validate(host: row.host, chain: try probe.sentCertificates(), at: Date())
        #expect(verdict.rejection == row.pinBench, "\(verdict.report)")
        if let words = row.reasonHolds {
            #expect(verdict.explanation.contains { $0.contains(words) }, "\(verdict.report)")
        }
    }
}
