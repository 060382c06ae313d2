import Foundation
import TestSupport
import Testing

@testable import ChainProbe

/// HTTP bodies as logs send them: gzip without being asked (compressed by the gzip command line here), chunked,
/// cut short, and a small gzip body that would inflate far past the caller's bound.
@Suite("HTTP responses: gzip, chunks and bounds")
struct HTTPResponseTests {
    static func gzip(_ data: [UInt8]) throws -> [UInt8] {
        Array(try ProcessRunner.run("/bin/gzip", ["-c", "-9"], input: Data(data)).checked().stdout)
    }

    static func response(_ head: String, _ body: [UInt8]) -> [UInt8] { Array(head.utf8) + body }

    @Test("a gzip body is inflated to what was compressed; a chunked body is joined")
    func gzipAndChunks() throws {
        let text = Array(String(repeating: "tile bytes ", count: 500).utf8)
        let compressed = try Self.gzip(text)
        #expect(compressed.count < text.count)
        let gzipped = HTTPResponse.parse(
            Self.response(
                "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: \(compressed.count)\r\n\r\n", compressed),
            maximumBody: 1 << 20)
        #expect(try gzipped.get().body == text)
        let chunked = HTTPResponse.parse(
            Self.response(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
                Array("5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n".utf8)),
            maximumBody: 100)
        #expect(try chunked.get().body == Array("hello world".utf8))
    }

    @Test("10 MiB of zeros in a few KiB of gzip: refused once past the bound, not inflated whole")
    func gzipBomb() throws {
        let bomb = try Self.gzip([UInt8](repeating: 0, count: 10 << 20))
        #expect(bomb.count < 64 * 1024)
        let parsed = HTTPResponse.parse(
            Self.response("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n", bomb), maximumBody: 1 << 20)
        guard case .failure(.tooLarge) = parsed else {
            Issue.record("a gzip bomb must be refused as too large: \(parsed)")
            return
        }
    }

    @Test(
        "cut short, corrupt gzip, a bad chunk, another encoding: each refused with a reason",
        arguments: [
            "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc",
            "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\nnot gzip",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n50\r\nabc\r\n",
            "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\nabc", "no HTTP here",
        ])
    func refused(_ text: String) {
        guard case .failure = HTTPResponse.parse(Array(text.utf8), maximumBody: 1 << 20) else {
            Issue.record("\(text.debugDescription) must be refused")
            return
        }
    }
}
