import Foundation
import TestSupport
import Testing

@testable import ChainProbe

/// The OCSP HTTP client against responders that misbehave on 127.0.0.1, and URLs a certificate could carry to
/// smuggle headers: every failure is a value with words, within the deadline.
@Suite("OCSP responder client against hostile responders")
struct OCSPResponderClientTests {
    let request: [UInt8] = [0x30, 0x03, 0x30, 0x01, 0x00]

    func fetch(_ url: String, deadline: Duration = .seconds(3)) async -> Result<[UInt8], OCSPFetchFailure> {
        await OCSPResponderClient().fetch(request, from: url, deadline: deadline)
    }

    @Test("a 200 with a body is the response; a 404, a short body, an empty body and plain garbage are failures")
    func answers() async throws {
        func served(_ text: String, body: [UInt8] = []) async throws -> Result<[UInt8], OCSPFetchFailure> {
            let listener = try HostileListener(.plainText(Array(text.utf8) + body))
            defer { listener.stop() }
            return await fetch("http://127.0.0.1:\(listener.port)/ocsp")
        }
        let body: [UInt8] = [0x30, 0x03, 0x0A, 0x01, 0x01]
        #expect(try await served("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", body: body) == .success(body))
        guard case .failure(let notFound) = try await served("HTTP/1.1 404 Not Found\r\n\r\n") else {
            Issue.record("a 404 must fail")
            return
        }
        #expect(notFound.description.contains("answered HTTP/1.1 404"))
        guard case .failure(let short) = try await served("HTTP/1.0 200 OK\r\nContent-Length: 50\r\n\r\n", body: body)
        else {
            Issue.record("a short body must fail")
            return
        }
        #expect(short.description.contains("sent 5 of the 50 bytes"))
        guard case .failure = try await served("HTTP/1.0 200 OK\r\n\r\n") else {
            Issue.record("an empty body must fail")
            return
        }
        guard case .failure(let garbage) = try await served("SSH-2.0-OpenSSH\r\n") else {
            Issue.record("garbage must fail")
            return
        }
        #expect(garbage.description.contains("did not send an HTTP response"))
    }

    @Test("a responder that never answers is cut off at the deadline")
    func silent() async throws {
        let listener = try HostileListener(.silent)
        defer { listener.stop() }
        let url = "http://127.0.0.1:\(listener.port)/"
        let request = self.request
        // Timed on the thread that does the fetch: resuming an awaiting test can wait many seconds for a
        // cooperative thread on a loaded 2-core machine, which says nothing about the client's deadline.
        let (result, elapsed) = try await OffPoolThread.run {
            let started = ContinuousClock.now
            let result = OCSPResponderClient.fetchBlocking(request, from: url, deadline: Deadline(after: .seconds(1)))
            return (result, started.duration(to: .now))
        }
        guard case .failure(let failure) = result else {
            Issue.record("a silent responder must fail")
            return
        }
        #expect(failure.description.contains("did not answer within the deadline"))
        #expect(elapsed >= .seconds(1) && elapsed < .seconds(10), "the deadline is 1 s: \(elapsed)")
    }

    @Test("URLs that are not plain http are refused unsent; line breaks and spaces stay percent-encoded")
    func hostileURLs() async throws {
        for url in ["https://127.0.0.1/", "ftp://127.0.0.1/", "http:///nohost", "http://127.0.0.1:0/"] {
            guard case .failure(let failure) = await fetch(url) else {
                Issue.record("\(url) must be refused")
                continue
            }
            #expect(failure.description.contains("is not an http:// URL"), "\(url): \(failure)")
        }
        for url in ["http://127.0.0.1/a\r\nX-Evil: 1", "http://127.0.0.1/a%0d%0aX-Evil:%201", "http://127.0.0.1/a b"] {
            let target = try HTTPTarget.parse(url, allowing: [.http]).get()
            let head = String(decoding: target.head(ocspBodyLength: 5), as: UTF8.self)
            let lines = head.components(separatedBy: "\r\n")
            #expect(lines.count == 8, "seven lines and the blank one, nothing smuggled: \(head.debugDescription)")
            #expect(lines[0].hasPrefix("POST /a") && lines[0].hasSuffix(" HTTP/1.0") && !lines[0].contains("\n"))
            #expect(!head.contains("X-Evil: 1\r\n"))
        }
        let v6 = try HTTPTarget.parse("http://[::1]:8080/ocsp?x=1", allowing: [.http]).get()
        #expect(v6.endpoint.host == "::1" && v6.endpoint.port == 8080)
        #expect(v6.hostHeader == "[::1]:8080" && v6.path == "/ocsp?x=1")
    }
}
