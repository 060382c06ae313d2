import Foundation

/// Runs the `openssl` command line: the independent reference every pin and fingerprint is checked against.
public enum OpenSSLCLI {
    /// Runs `openssl` with `arguments`, feeding `input`; returns stdout, or throws with stderr.
    @discardableResult
    public static func run(_ arguments: [String], input: Data? = nil) throws -> Data {
        try ProcessRunner.run("/usr/bin/openssl", arguments, input: input).checked().stdout
    }

    /// base64(SHA-256(DER SPKI)) by the openssl pipeline (x509 -pubkey, pkey -pubin -outform DER, dgst, base64).
    public static func spkiPin(certificatePEM: String) throws -> String {
        let publicKey = try run(["x509", "-pubkey", "-noout"], input: Data(certificatePEM.utf8))
        let der = try run(["pkey", "-pubin", "-outform", "DER"], input: publicKey)
        let digest = try run(["dgst", "-sha256", "-binary"], input: der)
        return digest.base64EncodedString()
    }

    /// base64(SHA-256(certificate DER)).
    public static func certPin(certificatePEM: String) throws -> String {
        let der = try run(["x509", "-outform", "DER"], input: Data(certificatePEM.utf8))
        return try run(["dgst", "-sha256", "-binary"], input: der).base64EncodedString()
    }

    /// One line of `openssl x509 -noout <flag>`, with the `name=` prefix removed.
    public static func x509Field(_ flag: [String], certificatePEM: String) throws -> String {
        let output = String(
            decoding: try run(["x509", "-noout"] + flag, input: Data(certificatePEM.utf8)), as: UTF8.self)
        let line = output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let equals = line.firstIndex(of: "=") else { return line }
        return String(line[line.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
    }

    /// `openssl x509 -text` output.
    public static func text(certificatePEM: String) throws -> String {
        String(decoding: try run(["x509", "-noout", "-text"], input: Data(certificatePEM.utf8)), as: UTF8.self)
    }
}
