import Foundation

/// A certificate LabPKI cannot issue, made with the openssl command line: a small RSA key, a small curve, a SHA-1
/// signature. swift-certificates refuses to parse most of these, so they are handled as PEM and DER only.
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
        return try read(folder)
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
        return try read(folder)
    }

    private static func read(_ folder: TemporaryFolder) throws -> Self {
        guard let pem = folder.read("cert.pem"), let keyPEM = folder.read("key.pem") else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        return Self(pem: pem, keyPEM: keyPEM)
    }
}
