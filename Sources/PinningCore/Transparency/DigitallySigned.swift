import X509

/// RFC 5246's `digitally-signed` as Certificate Transparency uses it (RFC 6962 §2.1.4): a TLS hash and signature
/// algorithm, then the signature. SCTs and signed tree heads carry one; both are checked here, so the algorithms a
/// log may sign with are decided in one place.
public struct DigitallySigned: Hashable, Sendable {
    /// TLS HashAlgorithm: 4 is SHA-256, the only one RFC 6962 allows.
    public let hashAlgorithm: UInt8
    /// TLS SignatureAlgorithm: 1 is RSA (PKCS #1 v1.5), 3 is ECDSA.
    public let signatureAlgorithm: UInt8
    public let signature: [UInt8]

    public init(hashAlgorithm: UInt8, signatureAlgorithm: UInt8, signature: [UInt8]) {
        self.hashAlgorithm = hashAlgorithm
        self.signatureAlgorithm = signatureAlgorithm
        self.signature = signature
    }

    /// Reads the TLS encoding: `HashAlgorithm hash; SignatureAlgorithm signature; opaque signature<0..2^16-1>`,
    /// which must fill `bytes` exactly.
    public init(tlsEncoded bytes: some Collection<UInt8>) throws(SCTParseError) {
        var reader = TLSReader(ArraySlice(bytes))
        let hash = try reader.byte()
        let algorithm = try reader.byte()
        let signature = try reader.vector(lengthBytes: 2).rest
        guard reader.isAtEnd else { throw SCTParseError("bytes after the signature") }
        self.init(hashAlgorithm: hash, signatureAlgorithm: algorithm, signature: Array(signature))
    }

    /// The X.509 algorithm this signature claims, or nil when it is not one RFC 6962 allows (SHA-256 with ECDSA
    /// or RSA).
    public var algorithm: Certificate.SignatureAlgorithm? {
        switch (hashAlgorithm, signatureAlgorithm) {
        case (4, 3): return .ecdsaWithSHA256
        case (4, 1): return .sha256WithRSAEncryption
        default: return nil
        }
    }

    /// True when `key` (a log's SubjectPublicKeyInfo) signed `signed` with an allowed algorithm.
    public func isValid(for signed: [UInt8], byKey key: [UInt8]) -> Bool {
        guard let algorithm, let publicKey = try? Certificate.PublicKey(derEncoded: key) else { return false }
        return publicKey.isValidSignature(signature, for: signed, signatureAlgorithm: algorithm)
    }
}
