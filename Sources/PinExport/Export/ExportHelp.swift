import Foundation

/// `pinbench export`'s help, beside the formats it lists.
public enum ExportHelp {
    public static let discussion = """
        Formats:
        \(ExportFormat.allCases.map { "  " + $0.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

        What a format cannot express (certificate pins in key-only formats, CA pins for curl, report-only \
        mode, expiry, position-any pins for ATS, pins without a certificate to bundle) is listed on stderr, \
        never dropped silently; --strict makes any of it exit 1. Domains whose expires has passed and pins past \
        their certificate's notAfter are left out with a warning unless --include-lapsed.

        A configuration the client itself would refuse (TrustKit throws at start-up with fewer than two pins for \
        a domain; a browser ignores an HPKP header without a backup pin) is an error: nothing is written and the \
        exit status is 1, unless --allow-invalid.

        --output never names a file the export reads (the manifest, a --chain file), by any name or link, nor \
        standard output (/dev/stdout): leave out --output to write to standard output.

        ats --ats-exceptions connects to every domain and also writes NSExceptionDomains with the exception \
        keys its live connection needs (NSExceptionMinimumTLSVersion for a TLS 1.1 server, \
        NSExceptionRequiresForwardSecrecy for RSA key exchange, ...). A violation no key can lift, or a domain \
        that could not be reached, is a warning. App Store review asks for a justification of each exception.

        alamofire and afnetworking pin by bundling certificates: they need --output, and write one DER .cer \
        file per pinned certificate beside it, taken from --chain files or, without --chain, from each \
        domain's live chain.

        android --target-sdk N names the app's targetSdkVersion; --android-ct (API 36 and later) adds \
        <certificateTransparency enabled="true"/> to each domain-config. The same options on validate --clients \
        android judge the chain as that app: CT is required with the opt-in, and by default from API 37 unless the \
        manifest lists trustAnchors of its own (docs/clients.md). A level out of 1 to 99, or the opt-in below 36, is \
        bad input.

        Examples:
          pinbench export android > app/src/main/res/xml/network_security_config.xml
          pinbench export android --target-sdk 36 --android-ct
          pinbench export okhttp --okhttp-version 3
          pinbench export urlsession --output App/PinBenchPinning.swift
          pinbench export alamofire --chain served.pem --output App/PinBenchTrust.swift
          pinbench export ats --ats-exceptions > ats.plist
        """
}
