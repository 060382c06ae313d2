import X509

extension Certificate.SignatureAlgorithm {
    /// The name OpenSSL prints (`sha256WithRSAEncryption`, `ecdsa-with-SHA256`, `ED25519`), or the OID.
    public var opensslName: String {
        switch self {
        case .ecdsaWithSHA256: return "ecdsa-with-SHA256"
        case .ecdsaWithSHA384: return "ecdsa-with-SHA384"
        case .ecdsaWithSHA512: return "ecdsa-with-SHA512"
        case .sha1WithRSAEncryption: return "sha1WithRSAEncryption"
        case .sha256WithRSAEncryption: return "sha256WithRSAEncryption"
        case .sha384WithRSAEncryption: return "sha384WithRSAEncryption"
        case .sha512WithRSAEncryption: return "sha512WithRSAEncryption"
        case .ed25519: return "ED25519"
        default:
            let text = String(describing: self)
            return text.hasPrefix("SignatureAlgorithm(") ? String(text.dropFirst(19).dropLast()) : text
        }
    }
}
