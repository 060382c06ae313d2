import PinningCore

/// The issuers a log serves beside an entry (RFC 6962 §4.6 `extra_data`): not covered by the tree, so a hint.
enum IssuerChain {
    /// At most this many certificates of a served chain are kept.
    static let maximumCertificates = 16

    /// `x509_entry`: `ASN.1Cert certificate_chain<0..2^24-1>`; `precert_entry`: `ASN.1Cert pre_certificate;
    /// ASN.1Cert precertificate_chain<0..2^24-1>`. Empty extra data means no chain was served.
    static func fromExtraData(_ bytes: [UInt8], kind: LogEntry.Kind) throws(SCTParseError) -> [[UInt8]] {
        guard !bytes.isEmpty else { return [] }
        var reader = TLSReader(bytes[...])
        if kind == .precertificate { _ = try reader.vector(lengthBytes: 3) }
        var chain = try reader.vector(lengthBytes: 3)
        guard reader.isAtEnd else { throw SCTParseError("bytes after the chain") }
        var certificates: [[UInt8]] = []
        while !chain.isAtEnd {
            guard certificates.count < maximumCertificates else {
                throw SCTParseError("the served chain has more than \(maximumCertificates) certificates")
            }
            certificates.append(Array(try chain.vector(lengthBytes: 3).rest))
        }
        return certificates
    }
}
