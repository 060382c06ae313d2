import PinForecast

/// `pinbench demo`'s discussion, kept here beside the lab it describes so that the executable (capped in lines)
/// only names it.
public enum DemoHelp {
    public static let discussion = """
        Starts TLS servers on 127.0.0.1 with a freshly generated PKI, one scenario per name under \
        pinbench.test (good, rotated, mitm, expired, wrong-host, self-signed, incomplete, weak, slow, tls11, \
        revoked, ct-logged, no-sct, rotating), writes a manifest with every scenario as a domain — some \
        already pinned, so the verdicts differ at first sight — and opens the workbench on it. The lab's keys \
        are new on every run, so the manifest is too: it goes to a temporary folder, or to --manifest FILE.

        Beside the manifest it also writes \(ReleaseList.fileName): three shipped app versions (1.0 whose pins \
        lapsed, 2.0 pinning only the leaf key, 2.1 pinning the CA key with a spare backup), each release's \
        pins in a manifest of its own (demo-pins-release-2.0.json and so on). The Forecast view, and \
        `pinbench forecast --live` on the demo manifest, show which of them a renewal with a new key or a \
        leaf from a sibling intermediate would lock out on rotating.pinbench.test (`pinbench lab` can switch \
        that host to each chain for real).

        It also runs a report collector (pinbench collect's) on 127.0.0.1 into reports.db beside the manifest, \
        after a CT watch round over the lab's logs (ct-watch.json), and the lab's simulated fleet posts TrustKit \
        reports to it: release 2.0 locked out by the renewal with a new key on rotating.pinbench.test (8 \
        devices), a proxy's chain for mitm.pinbench.test (3, an interception), and 3 client faults on \
        good.pinbench.test. V shows a domain's reports; Enter shows one's chain in the Chain and Certificate panes.

        The files of an earlier demo at the same --manifest (recognised by what they hold) are replaced, and the \
        demo says so; any other file in the way is refused and left as it is. A demo that cannot start (no \
        terminal on stdin and stdout, the lab not starting) leaves nothing behind.

        Try: select good.pinbench.test, Tab to the chain, p to pin a key, b to make it a backup, w to write.
        """
}
