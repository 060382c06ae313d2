import X509

extension Certificate {
    /// True when `issuer`'s key made this certificate's signature: what makes a certificate an issuer, whatever a
    /// chain's order or names claim. swift-certificates' check, the one its verifier and ``ChainDiagnosis`` use.
    public func isSigned(by issuer: Certificate) -> Bool {
        issuer.publicKey.isValidSignature(signature, for: self)
    }
}
