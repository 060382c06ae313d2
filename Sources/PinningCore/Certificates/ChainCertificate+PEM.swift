import SwiftASN1

extension ChainCertificate {
    /// The certificate as PEM, byte for byte what `openssl x509 -outform PEM` writes for the same DER: the
    /// `CERTIFICATE` header, base64 in 64-column lines, the footer, a final newline.
    public var pemText: String {
        PEMDocument(type: "CERTIFICATE", derBytes: der).pemString + "\n"
    }

    /// Certificates one after another as PEM, the way `openssl s_client -showcerts` lists a chain.
    public static func pemText(_ chain: [ChainCertificate]) -> String {
        chain.map(\.pemText).joined()
    }
}
