import Foundation

/// `pinbench forecast --help`'s discussion, kept beside the forecast it describes (the executable only renders).
public enum ForecastHelp {
    public static let discussion = """
        The releases are those of `pinbench release list` (\(ReleaseList.fileName) beside the manifest), plus \
        the working manifest as the candidate next release. For each pinned domain (or each DOMAIN given) \
        every release is judged under each scenario:
          current            the chain the server serves today (--served HOST=FILE, or --live)
          planned            a chain you intend to deploy (--planned HOST=FILE)
          renewal-same-key   today's leaf re-issued by the same CA, same key
          renewal-new-key    re-issued with a new key (what ACME clients do by default)
          issuer-rotation    today's leaf key under a sibling of its issuing intermediate (the CAs above stay)
          ca-switch          today's leaf key certified by an unrelated CA
          root-only          a new leaf key under a new intermediate: only the root stays
        Real chains (current, planned) go through the whole validator, as `pinbench validate`; the others are \
        made from today's verified path and judged by the same pin rule, trust assumed.

        A cell reads: accepted; LOCKED OUT (an enforced release matches nothing: its users cannot connect \
        until they update); lapsed (the release's pins expired: default trust only); report-only; not pinned; \
        refused (the chain itself fails, before pins). Below the matrix: the share of installs each scenario \
        locks out, the first date a lockout becomes unavoidable (a certificate of today's path expires and \
        every way to replace it locks some release out), the dates ahead (--until, default one year after \
        --at), and advice: which pin the next release must carry so that a scenario is safe, and the day it \
        must ship by (the expiry that forces the scenario less --lead-time days). Over \
        \(ForecastTextStream.fullDomainLimit) domains the text is a summary: cells per outcome, the domains and \
        releases that break (the first few named); --domain HOST shows one in full, --release NAME judges only \
        the releases named, --json streams every cell.

        Deploy gate: exit 1 when the planned chain, or a scenario named with --gate, locks out more than \
        --max-lockout percent (default 0) of installs, or any shipped release that states no share. Exit 2 \
        for bad input.

        Examples:
          pinbench forecast --served api.example.com=served.pem
          pinbench forecast --served api.example.com=served.pem --planned api.example.com=new.pem
          pinbench forecast --served api.example.com=served.pem --gate renewal-new-key --max-lockout 5
          pinbench forecast --served api.example.com=served.pem --json > forecast.json
          pinbench forecast --live --gate renewal-new-key     # in CI, from what the servers serve now

        Renewal calendar (--calendar, docs/calendar.md): per domain until --until, each renewal to come (due at the \
        CA's renewal margin of the previous lifetime, by the previous certificate's last day), its lifetime from the \
        domain's issuance plan (`pinbench ca --host`), a key change or not, and every intermediate of the CA catalog's \
        pools it may come from, each judged for every release by the same pin rule; the hierarchy's events (an \
        intermediate's last day, a replaced cross-sign, a root leaving the stores). For each release: the first \
        renewal that may lock it out, the probability when the CA picks among its active intermediates, and the \
        backups that lock it out for certain. Past the catalog's last issuer, renewals come from an unknown \
        successor, judged as issuer-rotation; a CA outside the catalog or private is "unknown", never "survives". \
        --ics FILE also writes the dates to act on (ship by, first lockouts, expiries) as an iCalendar file.
        """

    public static let ics = "Write the calendar's dates to act on to this iCalendar file (implies --calendar)."
}
