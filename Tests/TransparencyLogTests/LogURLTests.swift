import Testing
import TransparencyLog

/// Which log URLs the watch may read: https anywhere, plain http on a loopback address literal only (decided on the
/// address bytes, never on a name).
@Suite("Log URL")
struct LogURLTests {
    @Test(
        "loopback literals only",
        arguments: [
            ("127.0.0.1", true), ("127.255.0.9", true), ("[::1]", true), ("::ffff:127.0.0.2", true),
            ("localhost", false), ("127.attacker.example", false), ("10.0.0.1", false), ("[::2]", false),
            ("[fe80::1%lo]", false), ("::ffff:10.0.0.1", false),
        ])
    func loopback(host: String, expected: Bool) {
        #expect(LogURL.isLoopback(host) == expected)
    }

    @Test("https anywhere and http on loopback are taken, each with one trailing slash; others are refused")
    func urls() throws {
        #expect(try LogURL("https://ct.example/2026h1").base == "https://ct.example/2026h1/")
        let local = try LogURL("http://127.0.0.1:9000/")
        #expect(local.base == "http://127.0.0.1:9000/" && local.isPlainHTTP)
        for refused in ["http://ct.example/", "ftp://ct.example/", "not a url", "https:///path"] {
            #expect(throws: LogURLError.self, "\(refused)") { try LogURL(refused) }
        }
    }
}
