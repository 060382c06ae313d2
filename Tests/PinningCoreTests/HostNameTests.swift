import Foundation
import PinningCore
import Testing

/// The one host rule every entry point uses: what it accepts (and how it spells it), what it refuses and why.
@Suite("Host names")
struct HostNameTests {
    @Test(
        "accepted, normalized and marked with their kind",
        arguments: [
            ("api.example.com", "api.example.com", HostName.Kind.domainName),
            ("API.Example.COM", "api.example.com", .domainName),
            ("api.example.com.", "api.example.com", .domainName),
            ("localhost", "localhost", .domainName),
            ("xn--bcher-kva.example", "xn--bcher-kva.example", .domainName),
            ("r3---sn-abc.googlevideo.com", "r3---sn-abc.googlevideo.com", .domainName),
            ("3com.com", "3com.com", .domainName),
            ("0x7f.test", "0x7f.test", .domainName),
            ("a.0xg", "a.0xg", .domainName),
            ("1e100", "1e100", .domainName),
            ("a-b.c-d.test", "a-b.c-d.test", .domainName),
            (String(repeating: "a", count: 63) + ".test", String(repeating: "a", count: 63) + ".test", .domainName),
            ("127.0.0.1", "127.0.0.1", .ipv4),
            ("0.0.0.0", "0.0.0.0", .ipv4),
            ("255.255.255.255", "255.255.255.255", .ipv4),
            ("::1", "::1", .ipv6),
            ("[::1]", "::1", .ipv6),
            ("2001:DB8:0:0:0:0:0:1", "2001:db8::1", .ipv6),
            ("[2001:db8::1]", "2001:db8::1", .ipv6),
            ("::ffff:192.0.2.1", "::ffff:192.0.2.1", .ipv6),
        ])
    func accepted(input: String, text: String, kind: HostName.Kind) throws {
        let host = try HostName(input)
        #expect(host.text == text)
        #expect(host.kind == kind)
        #expect(host.isIPAddress == (kind != .domainName))
        // Normal form is a fixed point.
        #expect(try HostName(host.text) == host)
    }

    @Test("a name of exactly 253 octets is accepted, 254 refused")
    func lengthBound() throws {
        let label = String(repeating: "a", count: 63)
        let name253 = [label, label, label, String(repeating: "b", count: 61)].joined(separator: ".")
        #expect(name253.utf8.count == 253)
        #expect(try HostName(name253).text == name253)
        #expect(try HostName(name253 + ".").text == name253)
        let name254 = name253 + "b"
        #expect(throws: HostNameError(name254, .tooLong(octets: 254))) { try HostName(name254) }
    }

    @Test(
        "refused, with the rule that was broken",
        arguments: [
            ("", HostNameError.Rule.empty),
            ("a.test:443", .hasPort(host: "a.test", port: "443")),
            ("A.Test:8443", .hasPort(host: "a.test", port: "8443")),
            ("[::1]:8443", .hasPort(host: "::1", port: "8443")),
            ("https://a.test/", .url(host: "a.test")),
            ("https://A.test:8443/x?y", .url(host: "a.test")),
            ("a.test/x", .hasPath(host: "a.test")),
            ("*.a.test", .wildcard(parent: "a.test")),
            ("a*.test", .forbiddenCharacter("*", position: 2)),
            ("*", .forbiddenCharacter("*", position: 1)),
            ("bad host!", .forbiddenCharacter(" ", position: 4)),
            ("b$(touch${IFS}X).example.com", .forbiddenCharacter("$", position: 2)),
            ("a.test;rm", .forbiddenCharacter(";", position: 7)),
            ("a`id`.test", .forbiddenCharacter("`", position: 2)),
            ("a.test\nevil.test", .forbiddenCharacter("\n", position: 7)),
            (" a.test", .forbiddenCharacter(" ", position: 1)),
            ("under_score.test", .forbiddenCharacter("_", position: 6)),
            ("user@a.test", .forbiddenCharacter("@", position: 5)),
            ("fe80::1%eth0", .forbiddenCharacter(":", position: 5)),
            ("a.test\u{202E}", .forbiddenCharacter("\u{202E}", position: 7)),
            ("bücher.example", .nonASCIILabel("bücher", suggestion: "xn--bcher-kva.example")),
            ("Bücher.example", .nonASCIILabel("Bücher", suggestion: "xn--bcher-kva.example")),
            ("münchen.bücher.de", .nonASCIILabel("münchen", suggestion: "xn--mnchen-3ya.xn--bcher-kva.de")),
            ("例え.テスト", .nonASCIILabel("例え", suggestion: "xn--r8jz45g.xn--zckzah")),
            ("a..test", .emptyLabel),
            (".a.test", .emptyLabel),
            ("a.test..", .emptyLabel),
            (".", .emptyLabel),
            (String(repeating: "a", count: 64) + ".test", .labelTooLong(String(repeating: "a", count: 64), octets: 64)),
            ("-a.test", .hyphenAtLabelEdge("-a")),
            ("a-.test", .hyphenAtLabelEdge("a-")),
            ("1.2.3.256", .notAnIPv4Address),
            ("01.2.3.4", .notAnIPv4Address),
            ("10.1", .notAnIPv4Address),
            ("a.123", .notAnIPv4Address),
            ("1.2.3.0x4", .notAnIPv4Address),
            ("0x7f000001", .notAnIPv4Address),
            ("A.0X1F", .notAnIPv4Address),
            ("a.0x", .notAnIPv4Address),
        ])
    func refused(input: String, rule: HostNameError.Rule) {
        #expect(throws: HostNameError(input, rule)) { try HostName(input) }
    }

    @Test("refusals say what to write instead, and never carry a raw control character")
    func advice() {
        let cases: [(String, [String])] = [
            ("a.test:443", ["\"a.test\"", "port", "connect"]),
            ("*.a.test", ["\"a.test\"", "includeSubdomains"]),
            ("https://a.test/x", ["URL", "\"a.test\""]),
            ("b$(touch${IFS}X).example.com", ["\"$\"", "character 2", "letters a-z, digits, hyphens and dots"]),
            ("bad host!", ["a space", "character 4"]),
            ("a..b", ["empty label"]),
            ("bücher.example", ["A-label", "xn--bcher-kva.example"]),
            ("a.test\n.evil", ["U+000A"]),
        ]
        for (input, phrases) in cases {
            do {
                _ = try HostName(input)
                Issue.record("accepted \(input)")
            } catch {
                for phrase in phrases { #expect(error.description.contains(phrase), "\(error.description)") }
                #expect(!error.description.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) })
            }
        }
        let long = String(repeating: "$", count: 10_000)
        #expect(throws: HostNameError.self) { try HostName(long) }
        #expect(((try? HostName(long)) == nil))
        do {
            _ = try HostName(long)
        } catch {
            #expect(error.description.count < 400, "a long input is cut in the message")
        }
    }

    @Test(
        "connect addresses: host or IP, optional port, IPv6 in brackets; the host part follows the host rule",
        arguments: [
            ("10.0.0.5:8443", "10.0.0.5", 8443 as Int?, "10.0.0.5:8443"),
            ("10.0.0.5", "10.0.0.5", nil, "10.0.0.5"),
            ("Node1.Example:443", "node1.example", 443, "node1.example:443"),
            ("[::1]:9443", "::1", 9443, "[::1]:9443"),
            ("[2001:db8::1]", "2001:db8::1", nil, "2001:db8::1"),
            ("::1", "::1", nil, "::1"),
        ])
    func endpoints(input: String, host: String, port: Int?, description: String) throws {
        let endpoint = try HostEndpoint(input)
        #expect(endpoint.host.text == host)
        #expect(endpoint.port == port)
        #expect(endpoint.description == description)
        #expect(try HostEndpoint(endpoint.description) == endpoint)
    }

    @Test(
        "bad connect addresses",
        arguments: [
            ("a.test:0", HostNameError.Rule.invalidPort("0")),
            ("a.test:65536", .invalidPort("65536")),
            ("a.test:http", .invalidPort("http")),
            ("[::1]:", .invalidPort("")),
            ("https://a.test", .url(host: "a.test")),
            ("a b:443", .forbiddenCharacter(" ", position: 2)),
            ("*.a.test:443", .wildcard(parent: "a.test")),
        ])
    func badEndpoints(input: String, rule: HostNameError.Rule) {
        #expect(throws: HostNameError.self) { try HostEndpoint(input) }
        do {
            _ = try HostEndpoint(input)
        } catch {
            #expect(error.rule == rule, "\(error)")
        }
    }
}
