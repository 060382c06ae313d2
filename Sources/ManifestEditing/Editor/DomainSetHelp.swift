import PinningCore

/// `pinbench domain set`'s help and messages, beside the settings they describe (the executable only parses and
/// renders).
public enum DomainSetHelp {
    public static let abstract =
        "Set a domain's mode, includeSubdomains, expires, port, connect address or issuance."
    public static let discussion = """
        Settings not named stay as they are. The domain must already be in the manifest (`pinbench pin add` \
        creates it). Every value is checked before the manifest is touched, and the write goes behind the lint \
        gate, as `pin add` does: switching a domain with one pin to enforce is refused unless --allow-lint-errors \
        is given. `none` clears expires, connect or a field of issuance.

        The issuance options say how the domain's certificates are issued (docs/manifest.md): the CA (a CA \
        catalog id, or private for a CA no catalog describes), its profile, the lifetime in days and whether a \
        renewal keeps the key. lint refuses a CA the catalog does not know and a profile the CA does not offer. \
        After an issuance change the domain's effective issuance is shown, each value declared or defaulted; \
        `pinbench ca --host HOST --served FILE` adds what the served chain shows.

        Examples:
          pinbench domain set api.example.com --mode enforce --expires 2027-06-30
          pinbench domain set api.example.com --connect 10.0.0.5:8443 --port 443
          pinbench domain set api.example.com --expires none --include-subdomains true --json
          pinbench domain set api.example.com --issuance-ca letsencrypt --issuance-profile shortlived
          pinbench domain set api.example.com --issuance-ca private --lifetime-days 30 --key-reuse true
        """

    // Each option's help, as `--help` shows it.
    public static let mode = "enforce (a mismatch blocks) or report-only (a mismatch is reported)."
    public static let includeSubdomains = "true: the pins also cover every subdomain; false: this host only."
    public static let expires = "The day the pins lapse (YYYY-MM-DD, UTC), or none."
    public static let port = "The port to check (1-65535)."
    public static let connect =
        "Dial this ADDRESS:PORT instead of the host (SNI and checks still use the host), or none."
    public static let issuanceCA = "The CA issuing its certificates: a CA catalog id, private, or none."
    public static let issuanceProfile = "The CA's profile (classic, tlsserver, shortlived), or none."
    public static let lifetimeDays =
        "Each certificate's lifetime in days (\(DomainIssuance.lifetimeDaysRange.lowerBound)-"
        + "\(DomainIssuance.lifetimeDaysRange.upperBound)), or none."
    public static let keyReuse = "true: a renewal keeps the key; false: a new key each time; or none."

    /// The refusal of a `domain set` that names no setting.
    public static let nothingNamed =
        "Name at least one setting: --mode, --include-subdomains, --expires, --port, --connect, --issuance-ca, "
        + "--issuance-profile, --lifetime-days or --key-reuse."

    /// A value typed on the command line that cannot be used, naming its option (`--lifetime-days "0" is not
    /// usable: ...`).
    public static func refusal(_ error: DomainSettingsError) -> String {
        "--\(error.field.optionName) \"\(error.text)\" is not usable: \(error.explanation)"
    }
}
