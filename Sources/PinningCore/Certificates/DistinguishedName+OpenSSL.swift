import X509

extension DistinguishedName {
    /// The name in the order `openssl x509 -subject` prints it (the encoded order), e.g.
    /// `O=Example, CN=api.example.com`.
    ///
    /// swift-certificates' own description follows RFC 4514 and reverses it, which confuses anyone comparing with
    /// the openssl command line.
    public var opensslString: String {
        map { String(describing: $0) }.joined(separator: ", ")
    }

    /// The first common name, if any.
    public var commonName: String? {
        for rdn in self {
            for attribute in rdn where attribute.type == .RDNAttributeType.commonName {
                return String(attribute.value) ?? String(describing: attribute.value)
            }
        }
        return nil
    }
}
