import Foundation
import ReportCollector
import ReportStore
import TestSupport
import Testing

@Suite(
    "ReportCollector hardening: replays, X-Forwarded-For from trusted proxies only, headers that dribble",
    .enabled(if: CollectorWorld.hasTools, "needs curl and the sqlite3 command line"))
struct CollectorHardeningTests {
    @Test(
        "The same body posted again is acknowledged and counted once; another device's report still counts",
        arguments: StoreBackend.available)
    func replayCountedOnce(_ backend: StoreBackend) async throws {
        let world = try await CollectorWorld.make(backend)
        let run = try await world.start()
        let body = world.body(chain: world.pki.rotated.full, vendor: "device-1")
        #expect(try await CollectorWorld.curl(run.url, body: body).status == 200)
        let replay = try await CollectorWorld.curl(run.url, body: body)
        #expect(replay.status == 200)
        #expect(try await world.read("SELECT count FROM reports") == "1")
        let other = world.body(chain: world.pki.rotated.full, vendor: "device-2")
        #expect(try await CollectorWorld.curl(run.url, body: other).status == 200)
        #expect(try await world.read("SELECT count FROM reports") == "2")
        await run.stop()
    }

    @Test("X-Forwarded-For: the right-most untrusted hop, and only from a trusted proxy")
    func clientAddress() throws {
        let trusted: Set<String> = ["10.0.0.2", "10.0.0.3"]
        // From a device: its header is its own word and is ignored.
        #expect(
            ClientAddress.source(peer: "198.51.100.7", forwardedFor: ["1.2.3.4"], trusted: trusted) == "198.51.100.7")
        // From our proxy: the device's forged left-hand entries are passed over for the hop our proxy appended.
        #expect(
            ClientAddress.source(
                peer: "10.0.0.2", forwardedFor: ["6.6.6.6, 203.0.113.9", "10.0.0.3"], trusted: trusted)
                == "203.0.113.9")
        // A trusted proxy that sent garbage or nothing is its own source.
        #expect(ClientAddress.source(peer: "10.0.0.2", forwardedFor: ["not an ip"], trusted: trusted) == "10.0.0.2")
        #expect(ClientAddress.source(peer: "10.0.0.2", forwardedFor: [], trusted: trusted) == "10.0.0.2")
        #expect(
            ClientAddress.source(peer: "::ffff:10.0.0.2", forwardedFor: ["[2001:db8::1]"], trusted: trusted)
                == "2001:db8::1")
        #expect(throws: CollectorInputError.self) { try ClientAddress.trustedProxies("10.0.0.1,proxy.example") }
        #expect(try ClientAddress.trustedProxies("10.0.0.1, ::1") == ["10.0.0.1", "::1"])
    }

    @Test("A forged X-Forwarded-For from an untrusted peer changes nothing; from a trusted proxy it names the client")
    func forwardedRateLimits() async throws {
        let world = try CollectorWorld()
        // 127.0.0.1 (curl) is not a trusted proxy here: every request is rate-limited as 127.0.0.1, whatever it claims.
        let untrusted = try await world.start {
            $0.ratePerSecond = 0.01
            $0.rateBurst = 1
            $0.exemptLoopback = false
            $0.trustedProxies = ["10.9.9.9"]
        }
        var statuses: [Int] = []
        for index in 0..<3 {
            statuses.append(
                try await CollectorWorld.curl(
                    untrusted.url, body: world.body(chain: world.pki.good.full),
                    extra: ["-H", "X-Forwarded-For: 203.0.113.\(index)"]
                ).status)
        }
        #expect(statuses == [200, 429, 429])
        await untrusted.stop()
        // 127.0.0.1 trusted: each forwarded client has its own rate, and a loopback proxy's clients are limited.
        let trusted = try await world.start {
            $0.ratePerSecond = 0.01
            $0.rateBurst = 1
            $0.trustedProxies = ["127.0.0.1"]
        }
        statuses = []
        for client in ["203.0.113.1", "203.0.113.2", "203.0.113.1"] {
            statuses.append(
                try await CollectorWorld.curl(
                    trusted.url, body: world.body(chain: world.pki.good.full),
                    extra: ["-H", "X-Forwarded-For: 6.6.6.6, \(client)"]
                ).status)
        }
        #expect(statuses == [200, 200, 429])
        await trusted.stop()
    }

    @Test("A sender still dribbling its headers is answered 408 within the deadline and cut off")
    func dribblingHeaders() async throws {
        let world = try CollectorWorld()
        let run = try await world.start { $0.requestDeadline = 1 }
        let port = run.server.port
        let started = ContinuousClock.now
        let reply = try await OffPoolThread.run { () -> String in
            let socket = try SlowSocket(port: port)
            socket.send("POST / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            // One header byte every 100 ms, never the blank line, until the collector answers or 30 s pass.
            var answer = ""
            for _ in 0..<300 {
                socket.sendQuietly("a")
                answer += socket.readAvailable()
                if answer.contains("\r\n\r\n") { break }
                usleep(100_000)
            }
            return answer + socket.readAll(timeout: 5)
        }
        #expect(reply.hasPrefix("HTTP/1.1 408"), "\(reply)")
        #expect(ContinuousClock.now - started < .seconds(25))
        await run.stop()
    }
}

extension SlowSocket {
    /// Sends without SIGPIPE: the collector may have closed the connection already.
    func sendQuietly(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer {
            Glibc.send(descriptor, $0.baseAddress, $0.count - 1, Int32(MSG_NOSIGNAL))
        }
    }

    /// What has arrived by now, without waiting.
    func readAvailable() -> String {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }
}

@Suite(
    "pinbench reports: --min-count thresholds, --limit with how many more, JSON that reads back",
    .enabled(if: CollectorWorld.hasTools, "needs curl and the sqlite3 command line"))
struct ReportsThresholdTests {
    @Test("--fail-on fires at --min-count reports of one judgement; --limit lists fewer groups and says how many more")
    func thresholdsAndLimit() async throws {
        let world = try CollectorWorld()
        let run = try await world.start()
        for host in ["a.pinbench.test", "b.pinbench.test"] {
            #expect(
                try await CollectorWorld.curl(run.url, body: world.body(chain: world.pki.rotated.full, host: host))
                    .status == 200)
        }
        await run.stop()
        let db = world.database
        let at = { (arguments: [String]) in
            try await PinBenchBinary.run(["reports", "--db", db] + arguments, in: world.folder.url)
        }
        // Two reports judged alike (lockout or not, the same judgement): a threshold of 3 stays quiet, 2 fires.
        let kind = try await world.read("SELECT judgement FROM reports LIMIT 1")
        #expect(try await at(["--fail-on", kind, "--min-count", "3"]).status == 0)
        #expect(try await at(["--fail-on", kind, "--min-count", "2"]).status == 1)
        #expect(try await at(["--fail-on", kind]).status == 1)
        #expect(try await at(["--fail-on", kind, "--min-count", "0"]).status == 2)
        // The threshold counts every group, not only those a limit shows.
        #expect(try await at(["--fail-on", kind, "--min-count", "2", "--limit", "1"]).status == 1)
        let limited = try await at(["--limit", "1"])
        #expect(limited.stdoutText.contains("a.pinbench.test"))
        #expect(!limited.stdoutText.contains("b.pinbench.test  "))
        #expect(limited.stdoutText.contains("and 1 more group"))
        let json = try await at(["--limit", "1", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(document["beyondLimit"] as? Int == 1)
        #expect((document["groups"] as? [[String: Any]])?.count == 1)
        #expect(try await at(["--limit", "0"]).status == 2)
    }
}
