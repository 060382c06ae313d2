import Foundation

/// The rule for a domain's `reportUris`: where RFC 7469 failure reports may be sent.
///
/// The URIs end up in Info.plists, HTTP headers and generated code, so the rule is narrow: an absolute `https` URL
/// of printable ASCII with a host that passes the one host rule (``HostName``), no user name or password, no
/// fragment, at most ``maximumLength`` characters. Anything else is refused when the manifest is read.
public enum ReportURI {
    public static let maximumCount = 8
    public static let maximumLength = 2_048

    /// Nil when `text` is acceptable; otherwise what is wrong, in words.
    public static func problem(_ text: String) -> String? {
        let shown = JSONPathText.quoted(String(text.prefix(80)))
        guard text.count <= maximumLength else {
            return "a report URI of \(text.count) characters; at most \(maximumLength) are allowed"
        }
        guard text.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            return "\(shown) holds spaces, control or non-ASCII characters; write the URL percent-encoded"
        }
        guard let components = URLComponents(string: text), components.scheme?.lowercased() == "https" else {
            return "\(shown) is not an https URL such as https://reports.example.com/pins"
        }
        guard components.user == nil, components.password == nil else {
            return "\(shown) holds a user name or password; report URIs carry none"
        }
        guard components.fragment == nil else { return "\(shown) has a #fragment; leave it out" }
        guard let host = components.host, !host.isEmpty, (try? HostName(host)) != nil else {
            return "\(shown) has no valid host name"
        }
        return nil
    }
}
