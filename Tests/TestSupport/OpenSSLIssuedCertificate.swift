import Foundation

/// A certificate made by the openssl command line with any key openssl knows (RSA-1024, secp256k1, brainpool, ...)
/// and any subject or extensions: the certificates swift-certificates refuses, or that LabPKI would not issue (a leaf
/// without subject alternative names).
public struct OpenSSLIssuedCertificate: Sendable {
    public let pem: String
    public let keyPEM: String

    /// `-newkey` arguments: `rsa:1024`, or an EC curve name such as `secp256k1` or `brainpoolP256r1`.
    public enum Key: Sendable {
        case rsa(bits: Int)
        case ec(curve: String)

        var arguments: [String] {
            switch self {
            case .rsa(let bits): return ["-newkey", "rsa:\(bits)"]
            case .ec(let curve): return ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:\(curve)"]
            }
        }
    }

    /// The certificate's DER.
    public var der: [UInt8] {
        let base64 = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return Array(Data(base64Encoded: base64) ?? Data())
    }

    /// A self-signed CA (`openssl req -x509`, basicConstraints CA:TRUE).
    public static func root(commonName: String, key: Key) throws -> Self {
        let folder = TemporaryFolder()
        try OpenSSLCLI.run(
            ["req", "-x509", "-nodes", "-days", "30", "-sha256", "-subj", "/CN=\(commonName)"] + key.arguments
                + [
                    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
                    "-keyout", folder.path("key.pem"), "-out", folder.path("cert.pem"),
                ])
        return try read(folder)
    }

    /// A certificate for `subject` (e.g. `/CN=host`) signed by `issuer`, with `extensions` lines in openssl's
    /// config syntax (`subjectAltName=DNS:host`); an empty list makes a leaf that names its host only in the CN.
    public static func issued(
        subject: String, key: Key, by issuer: OpenSSLIssuedCertificate, extensions: [String]
    ) throws -> Self {
        let folder = TemporaryFolder()
        try OpenSSLCLI.run(
            ["req", "-new", "-nodes", "-subj", subject] + key.arguments
                + ["-keyout", folder.path("key.pem"), "-out", folder.path("request.pem")])
        var arguments = [
            "x509", "-req", "-in", folder.path("request.pem"), "-days", "30", "-sha256",
            "-set_serial", String(UInt32.random(in: 1...UInt32.max)),
            "-CA", folder.write("issuer.pem", issuer.pem), "-CAkey", folder.write("issuer.key", issuer.keyPEM),
            "-out", folder.path("cert.pem"),
        ]
        if !extensions.isEmpty {
            arguments += ["-extfile", folder.write("extensions.cnf", extensions.joined(separator: "\n") + "\n")]
        }
        try OpenSSLCLI.run(arguments)
        return try read(folder)
    }

    /// `openssl verify` of `self` against `anchor`, with `-verify_hostname host` and extra arguments
    /// (`-auth_level 2`, ...): the exit status and the output.
    public func opensslVerify(
        anchor: OpenSSLIssuedCertificate, untrusted: [OpenSSLIssuedCertificate] = [],
        host: String, arguments: [String] = []
    ) throws -> (status: Int32, output: String) {
        let folder = TemporaryFolder()
        var all = ["verify", "-CAfile", folder.write("anchor.pem", anchor.pem), "-verify_hostname", host] + arguments
        if !untrusted.isEmpty {
            all += ["-untrusted", folder.write("untrusted.pem", untrusted.map(\.pem).joined())]
        }
        let result = try ProcessRunner.run("/usr/bin/openssl", all + [folder.write("leaf.pem", pem)])
        return (result.status, result.stdoutText + result.stderrText)
    }

    private static func read(_ folder: TemporaryFolder) throws -> Self {
        guard let pem = folder.read("cert.pem"), let keyPEM = folder.read("key.pem") else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        return Self(pem: pem, keyPEM: keyPEM)
    }
}
