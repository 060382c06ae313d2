import Foundation

/// OCSP responses made by the `openssl ocsp` command line from an index file: the independent producer the core's
/// OCSP reader is checked against.
public struct OpenSSLOCSP: Sendable {
    /// What the index file says about the leaf.
    public enum Entry: Sendable {
        case valid
        /// Revoked at `time` (`YYMMDDHHMMSSZ`) for `reason` (an openssl reason name, e.g. `keyCompromise`).
        case revoked(time: String, reason: String)
        /// Not in the index: the responder answers `unknown`.
        case absent
    }

    public let issuer: LegacyCertificate
    public let leaf: LegacyCertificate
    let folder = TemporaryFolder()

    /// A leaf issued by `issuer` (default: a new P-256 CA), with an AIA OCSP URL when `responderURL` is set.
    public static func make(issuer given: LegacyCertificate? = nil, responderURL: String? = nil) throws -> Self {
        let issuer = try given ?? LegacyCertificate.root(commonName: "OCSP Test CA", key: .ec(curve: "P-256"))
        // serverAuth: iOS, and so PinBench, refuse a leaf issued after July 2019 without it.
        var extensions = ["subjectAltName=DNS:ocsp.pinbench.test", "extendedKeyUsage=serverAuth"]
        if let responderURL { extensions.append("authorityInfoAccess=OCSP;URI:\(responderURL)") }
        let leaf = try LegacyCertificate.issued(
            subject: "/CN=ocsp.pinbench.test", key: .ec(curve: "P-256"), by: issuer, extensions: extensions)
        return Self(issuer: issuer, leaf: leaf)
    }

    /// A responder certificate the CA delegates OCSP signing to (extendedKeyUsage OCSPSigning), or, with
    /// `delegated: false`, one without that usage.
    public func responderCertificate(delegated: Bool = true) throws -> LegacyCertificate {
        try LegacyCertificate.issued(
            subject: "/CN=OCSP Responder", key: .ec(curve: "P-256"), by: issuer,
            extensions: delegated ? ["extendedKeyUsage=OCSPSigning"] : ["extendedKeyUsage=serverAuth"])
    }

    /// The index file openssl's responder reads (`ca` database format).
    public func index(_ entry: Entry) throws -> String {
        let serial = try OpenSSLCLI.x509Field(["-serial"], certificatePEM: leaf.pem)
        let subject = "/CN=ocsp.pinbench.test"
        switch entry {
        case .valid: return "V\t301231235959Z\t\t\(serial)\tunknown\t\(subject)\n"
        case .revoked(let time, let reason):
            return "R\t301231235959Z\t\(time),\(reason)\t\(serial)\tunknown\t\(subject)\n"
        case .absent: return ""
        }
    }

    /// The response `openssl ocsp` gives for the leaf, signed by `signer` (default: the issuer itself), valid for
    /// `days` days.
    public func response(_ entry: Entry, signer: LegacyCertificate? = nil, days: Int = 1) throws -> [UInt8] {
        let signer = signer ?? issuer
        let request = folder.path("request-\(UUID().uuidString).der")
        let response = folder.path("response-\(UUID().uuidString).der")
        try OpenSSLCLI.run([
            "ocsp", "-issuer", folder.write("issuer.pem", issuer.pem), "-cert", folder.write("leaf.pem", leaf.pem),
            "-no_nonce", "-reqout", request,
        ])
        try OpenSSLCLI.run([
            "ocsp", "-index", folder.write("index-\(UUID().uuidString).txt", try index(entry)),
            "-rsigner", folder.write("signer.pem", signer.pem), "-rkey", folder.write("signer.key", signer.keyPEM),
            "-CA", folder.path("issuer.pem"), "-reqin", request, "-respout", response, "-ndays", String(days),
        ])
        return Array(try Data(contentsOf: URL(fileURLWithPath: response)))
    }

    /// The index file and paths for a live `openssl ocsp -port` responder (see ``OpenSSLOCSPResponder``).
    public func indexFile(_ entry: Entry) throws -> String {
        folder.write("responder-index.txt", try index(entry))
    }

    public var issuerPath: String { folder.write("issuer.pem", issuer.pem) }
    public var issuerKeyPath: String { folder.write("issuer.key", issuer.keyPEM) }
}
