/// `pinbench ca`'s help, beside what it describes.
public enum CatalogHelp {
    public static let abstract = "Show the CA catalog: the pools, profiles and certificates of the CAs PinBench knows."
    public static let discussion = """
        The catalog is built in (Let's Encrypt, id letsencrypt: the Gen Y pools YR1/YR2 with backup YR3 and \
        YE1/YE2 with backup YE3, the retired 2024 pool, the expired and the replaced certificates, and its \
        classic, tlsserver and shortlived profiles with their lifetimes by date). Every link between its \
        certificates is proved by a signature when it is read. A team adds its private CA, or another public CA, \
        from a folder with one sub-folder per CA (--ca-catalog DIR; the format: docs/ca-catalog.md); such a \
        folder is read with the same checks, and refused whole when anything in it is wrong.

        Without an id: one line per CA with the intermediates issuing on --date. With an id: the pools a renewal \
        may come from (each picked at random where the CA does so), the profiles with the lifetime of a \
        certificate issued on --date, the chains offered, and every certificate with its role, status, validity, \
        signer and spki-sha256 pin. lint warns of pins on part of a pool, on retired intermediates and on \
        replaced certificates from the same data.

        With --host: how that domain's certificates will be issued, for a certificate issued on --date: its CA, \
        profile, lifetime and key reuse, each declared in the manifest's issuance setting (docs/manifest.md), \
        inferred from the chain in --served (the issuer by key, the profile from the leaf's lifetime), defaulted \
        from the catalog, or unknown; the lifetime weighed against the profile and, for a public CA, SC-081's \
        maximum; the pools a renewal may come from; and a declared CA that is not the served chain's (a move).

        Examples:
          pinbench ca
          pinbench ca letsencrypt --date 2027-02-10
          pinbench ca --ca-catalog ./ca team --json
          pinbench inspect api.example.com --pem > served.pem
          pinbench ca --host api.example.com --served served.pem --date 2027-03-15
        """

    public static let host = "Show this domain's issuance plan (from the manifest, --served and the catalog)."
    public static let served = "With --host: the chain the domain serves (PEM or DER, leaf first), to infer from."

    /// Why the arguments given cannot go together, or nil.
    public static func conflict(id: String?, host: String?, served: String?) -> String? {
        if id != nil, host != nil { return "Give a CA id or --host, not both." }
        if served != nil, host == nil { return "--served goes with --host: the chain that domain serves." }
        return nil
    }
}
