/// What a validator may learn about the leaf's revocation from a connection: an OCSP response (stapled by the
/// server, or fetched from the responder the leaf names), or why there is none.
public enum RevocationEvidence: Hashable, Sendable {
    case ocspResponse([UInt8], source: RevocationCheck.Source)
    case none(RevocationCheck.NotChecked)
}
