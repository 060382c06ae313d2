import FieldReports
import Foundation
import NIOCore
import NIOPosix
import PinningCore
import ReportCollector
import ReportStore
import TestSupport
import Testing

@Suite(
    "ReportCollector: the endpoint on 127.0.0.1, with real HTTP clients",
    .enabled(if: CollectorWorld.hasTools, "needs curl and the sqlite3 command line"))
struct CollectorEndpointTests {
    @Test("A TrustKit report POSTed to any path is judged and stored before the 200", arguments: StoreBackend.available)
    func storesBeforeAcknowledging(_ backend: StoreBackend) async throws {
        let world = try await CollectorWorld.make(backend)
        let run = try await world.start()
        let answer = try await CollectorWorld.curl(
            run.url + "any/path/report-uri", body: world.body(chain: world.pki.rotated.full))
        #expect(answer.status == 200)
        #expect(answer.text.contains("lockout"))
        // Acknowledged means committed: another process reads it now, while the collector runs.
        let row = try await world.read("SELECT host, judgement, count FROM reports")
        #expect(row == "\(world.pki.host)|lockout|1")
        let again = try await CollectorWorld.curl(run.url, body: world.body(chain: world.pki.rotated.full))
        #expect(again.status == 200)
        #expect(try await world.read("SELECT count(*), sum(count) FROM reports") == "1|2")
        await run.stop()
    }

    @Test(
        "Refusals: 405 for GET, 413 past the body bound, 400 for a non-report, each with words",
        arguments: StoreBackend.available)
    func refusals(_ backend: StoreBackend) async throws {
        let world = try await CollectorWorld.make(backend)
        let run = try await world.start { $0.limits.bodyBytes = 64 << 10 }
        let get = try await CollectorWorld.curl(run.url, body: Data(), method: "GET")
        #expect(get.status == 405)
        let huge = try await CollectorWorld.curl(run.url, body: Data(repeating: 0x20, count: 100 << 10))
        #expect(huge.status == 413)
        #expect(huge.text.contains("bytes"))
        let notJSON = try await CollectorWorld.curl(run.url, body: Data("hello".utf8))
        #expect(notJSON.status == 400)
        #expect(notJSON.text.contains("not JSON"))
        let noHost = try await CollectorWorld.curl(run.url, body: Data("{\"port\": 443}".utf8))
        #expect(noHost.status == 400)
        #expect(try await world.read("SELECT count(*) FROM reports") == "0")
        await run.stop()
    }

    @Test("Rate limits per source: with loopback not exempt, a burst of 2 then 429")
    func rateLimit() async throws {
        let world = try CollectorWorld()
        let run = try await world.start {
            $0.ratePerSecond = 0.01
            $0.rateBurst = 2
            $0.exemptLoopback = false
        }
        var statuses: [Int] = []
        for _ in 0..<4 {
            statuses.append(try await CollectorWorld.curl(run.url, body: world.body(chain: world.pki.good.full)).status)
        }
        #expect(statuses == [200, 200, 429, 429])
        await run.stop()
        let exempt = try await world.start {
            $0.ratePerSecond = 0.01
            $0.rateBurst = 1
        }
        for _ in 0..<3 {
            #expect(
                try await CollectorWorld.curl(exempt.url, body: world.body(chain: world.pki.good.full)).status == 200)
        }
        await exempt.stop()
    }

    @Test("A slow sender is answered 408 and cut off at the deadline")
    func slowSender() async throws {
        let world = try CollectorWorld()
        let run = try await world.start { $0.requestDeadline = 1 }
        let port = run.server.port
        let reply = try await OffPoolThread.run { () -> String in
            let socket = try SlowSocket(port: port)
            socket.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"host")
            return socket.readAll(timeout: 10)
        }
        #expect(reply.hasPrefix("HTTP/1.1 408"))
        await run.stop()
    }

    @Test("A full disk answers 503 and loses nothing acknowledged")
    func fullDisk() async throws {
        let world = try CollectorWorld()
        let run = try await world.start(store: .underLoad(StoreSettings(maxPageCount: 26)))
        var acknowledged: [String] = []
        var unavailable = 0
        for index in 0..<300 {
            let version = "full-\(index)"
            let answer = try await CollectorWorld.curl(
                run.url, body: world.body(chain: world.pki.rotated.full, version: version))
            if answer.status == 200 { acknowledged.append(version) }
            if answer.status == 503 {
                unavailable += 1
                #expect(answer.text.contains("full"))
                if unavailable == 3 { break }
            }
        }
        #expect(unavailable == 3)
        #expect(!acknowledged.isEmpty)
        await run.stop()
        let stored = try await CollectorWorld.sqlite(world.database, "SELECT app_version FROM reports")
        #expect(Set(stored.split(separator: "\n").map(String.init)) == Set(acknowledged))
    }

    @Test("Listening: loopback only; another address is refused with what HTTPS needs")
    func listenAddresses() throws {
        #expect(try ListenAddress("127.0.0.1:8080").port == 8080)
        #expect(try ListenAddress("[::1]:0").host == "::1")
        #expect(try ListenAddress("localhost:9").host == "127.0.0.1")
        for refused in ["0.0.0.0:8080", "192.0.2.1:80", "example.com:80", "127.0.0.1", "127.0.0.1:99999"] {
            #expect(throws: CollectorInputError.self) { try ListenAddress(refused) }
        }
        do {
            _ = try ListenAddress("0.0.0.0:8443")
        } catch {
            #expect(error.message.contains("--tls-cert"))
        }
    }

    @Test("The rate limiter: a burst, then one a refill, and a bounded table that fails closed")
    func rateLimiter() {
        let limiter = RateLimiter(rate: 1, burst: 2, maxSources: 2)
        #expect(limiter.allow("a", now: 0))
        #expect(limiter.allow("a", now: 0))
        #expect(!limiter.allow("a", now: 0.5))
        #expect(limiter.allow("a", now: 1.6))
        #expect(limiter.allow("b", now: 1.6))
        // Both tracked sources are busy: a third is refused rather than the table growing.
        #expect(limiter.allow("b", now: 1.6))
        #expect(!limiter.allow("c", now: 1.6))
        // Once they are idle (full again), they are forgotten and a new source fits.
        #expect(limiter.allow("c", now: 100))
    }
}

/// A plain TCP client that sends part of a request and reads what comes back: a slow sender.
final class SlowSocket {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw CollectorInputError("could not connect to 127.0.0.1:\(port)") }
    }

    deinit { close(descriptor) }

    func send(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    }

    /// Everything until the server closes (or `timeout` seconds).
    func readAll(timeout: Double) -> String {
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }
}
