import Foundation
import Testing

/// A certificate LabPKI cannot issue, made with the openssl command line: a small RSA key, an unusual or small curve
/// (secp256k1, brainpool, P-192), a SHA-1 signature, any subject or extensions (a leaf without subject alternative
/// names). swift-certificates refuses to parse many of these, so they are handled as PEM and DER only.
public struct LegacyCertificate: Sendable {
    public enum Key: Sendable {
        case rsa(bits: Int)
        /// An OpenSSL curve name: "P-224", "P-256", "prime192v1", ...
        case ec(curve: String)

        var newKeyArguments: [String] {
            switch self {
            case .rsa(let bits): return ["-newkey", "rsa:\(bits)"]
            case .ec(let curve): return ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:\(curve)"]
            }
        }
    }

    /// The subject as given to openssl (`/CN=host`): what a parameterised test shows for this certificate.
    public let subject: String
    public let pem: String
    public let keyPEM: String

    /// The certificate's DER, decoded from the PEM text.
    public var der: [UInt8] {
        let base64 = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return Array(Data(base64Encoded: base64) ?? Data())
    }

    /// A self-signed certificate (`openssl req -x509`) signed with `digest` ("sha256", "sha1", ...).
    public static func selfSigned(commonName: String, key: Key, digest: String = "sha256") throws -> Self {
        let folder = TemporaryFolder()
        try OpenSSLCLI.run(
            ["req", "-x509", "-nodes", "-days", "30", "-\(digest)", "-subj", "/CN=\(commonName)"] + key.newKeyArguments
                + ["-keyout", folder.path("key.pem"), "-out", folder.path("cert.pem")])
        return try read(folder, subject: "/CN=\(commonName)")
    }

    /// A certificate for a new `key`, signed by `issuer` with `digest` (`openssl req`, then `openssl x509 -req`).
    public static func issued(
        commonName: String, key: Key, by issuer: LegacyCertificate, digest: String = "sha256"
    ) throws -> Self {
        let folder = TemporaryFolder()
        try OpenSSLCLI.run(
            ["req", "-new", "-nodes", "-subj", "/CN=\(commonName)"] + key.newKeyArguments
                + ["-keyout", folder.path("key.pem"), "-out", folder.path("request.pem")])
        try OpenSSLCLI.run([
            "x509", "-req", "-in", folder.path("request.pem"), "-days", "30", "-\(digest)",
            "-set_serial", String(UInt32.random(in: 1...UInt32.max)),
            "-CA", folder.write("issuer.pem", issuer.pem), "-CAkey", folder.write("issuer.key", issuer.keyPEM),
            "-out", folder.path("cert.pem"),
        ])
        return try read(folder, subject: "/CN=\(commonName)")
    }

    /// A self-signed CA (`openssl req -x509`, basicConstraints CA:TRUE).
    public static func root(commonName: String, key: Key) throws -> Self {
        let folder = TemporaryFolder()
        try OpenSSLCLI.run(
            ["req", "-x509", "-nodes", "-days", "30", "-sha256", "-subj", "/CN=\(commonName)"] + key.newKeyArguments
                + [
                    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
                    "-keyout", folder.path("key.pem"), "-out", folder.path("cert.pem"),
                ])
        return try read(folder, subject: "/CN=\(commonName)")
    }

    /// A certificate for `subject` (e.g. `/CN=host`) signed by `issuer`, with `extensions` lines in openssl's
    /// config syntax (`subjectAltName=DNS:host`); an empty list makes a leaf that names its host only in the CN.
    public static func issued(
        subject: String, key: Key, by issuer: LegacyCertificate, extensions: [String]
    ) throws -> Self {
        let folder = TemporaryFolder()
        try OpenSSLCLI.run(
            ["req", "-new", "-nodes", "-subj", subject] + key.newKeyArguments
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
        return try read(folder, subject: subject)
    }

    /// `openssl verify` of `self` against `anchor`, with `-verify_hostname host` and extra arguments
    /// (`-auth_level 2`, ...): the exit status and the output.
    public func opensslVerify(
        anchor: LegacyCertificate, untrusted: [LegacyCertificate] = [],
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

    private static func read(_ folder: TemporaryFolder, subject: String) throws -> Self {
        guard let pem = folder.read("cert.pem"), let keyPEM = folder.read("key.pem") else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        return Self(subject: subject, pem: pem, keyPEM: keyPEM)
    }
}

/// A parameterised test names the certificate by its subject: its PEM and private key, printed whole, would fill
/// the test log with kilobyte lines and key material.
extension LegacyCertificate: CustomTestStringConvertible {
    public var testDescription: String { "certificate \(subject)" }
}
