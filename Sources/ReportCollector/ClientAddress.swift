import PinningCore

/// Who sent a request, for the rate limits: the connection's peer, or, when that peer is a trusted proxy
/// (`--trusted-proxy`), the right-most address in `X-Forwarded-For` that is not a trusted proxy itself. Each proxy
/// appends the address it received from, so the hops right of the first untrusted one were written by our own
/// proxies; everything left of it was written by the sender and may be forged. From any other peer the header is
/// ignored: a device cannot choose whose rate it spends.
public enum ClientAddress {
    /// The address to limit: `peer`, or the client the trusted proxies name. A trusted proxy that sent no usable
    /// header is its own source (fail closed: its whole traffic shares one rate).
    public static func source(peer: String, forwardedFor headers: [String], trusted: Set<String>) -> String {
        let peer = canonical(peer) ?? peer
        guard trusted.contains(peer) else { return peer }
        let hops = headers.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() {
            guard let address = canonical(hop) else { return peer }
            if !trusted.contains(address) { return address }
        }
        return peer
    }

    /// An IP address in one spelling (`::ffff:` mapped IPv4 as IPv4), or nil when `text` is not one.
    public static func canonical(_ text: String) -> String? {
        var text = text
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if text.lowercased().hasPrefix("::ffff:"), text.dropFirst(7).contains(".") { text = String(text.dropFirst(7)) }
        guard let host = try? HostName(text), host.isIPAddress else { return nil }
        return host.text
    }

    /// `--trusted-proxy ADDR[,ADDR]`: each an IP address.
    public static func trustedProxies(_ text: String) throws(CollectorInputError) -> Set<String> {
        var addresses: Set<String> = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = word.trimmingCharacters(in: .whitespaces)
            guard let address = canonical(trimmed) else {
                throw CollectorInputError(
                    "--trusted-proxy \(TerminalSafeText.quoted(trimmed)) is not an IP address; give the proxies' "
                        + "addresses, comma-separated (10.0.0.2,10.0.0.3)")
            }
            addresses.insert(address)
        }
        return addresses
    }
}
