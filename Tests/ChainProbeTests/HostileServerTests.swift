import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

@testable import ChainProbe

/// Servers that misbehave: every one must end the probe with a failure that names the step, the address and the
/// cause, in text that is safe to print.
@Suite("Hostile and broken servers")
struct HostileServerTests {
    let options = ProbeOptions(deadline: .seconds(5), useSystemTrustStore: false)

    /// Probes `target`, requiring a failure; returns it with the time the probe took.
    func failure(
        of target: ProbeTarget, options: ProbeOptions? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (ProbeFailure, Duration) {
        let started = ContinuousClock.now
        let result = await ChainProber().probe(target, options: options ?? self.options)
        let elapsed = started.duration(to: .now)
        let failure = try #require(result.failure, "expected a failure", sourceLocation: sourceLocation)
        #expect(hasNoControlCharacters(failure.reason), sourceLocation: sourceLocation)
        return (failure, elapsed)
    }

    @Test("accepts and stays silent: timed out in the handshake, within the deadline plus a margin")
    func silent() async throws {
        let listener = try HostileListener(.silent)
        defer { listener.stop() }
        let deadline = Duration.milliseconds(500)
        let (result, elapsed) = await probeTimedOnItsThread(
            .loopback("silent.pinbench.test", port: listener.port),
            options: ProbeOptions(deadline: deadline, useSystemTrustStore: false))
        let failure = try #require(result.failure, "expected a failure")
        #expect(hasNoControlCharacters(failure.reason))
        #expect(failure.code == .timedOut)
        #expect(failure.phase == .handshake)
        #expect(failure.reason.contains(listener.address))
        #expect(failure.reason.contains("0.5 s"))
        #expect(elapsed >= deadline, "it waits the whole deadline")
        // The probe gives up on its own deadline instead of waiting on a server that never speaks (forever: no TCP
        // timeout ends a silent, open connection). Timed on the probe's own thread: this test's task may resume
        // much later when other tests' work holds the shared cooperative pool.
        #expect(elapsed < deadline + .seconds(10), "and does not wait on the server")
        #expect(listener.counts.accepted == 1)
    }

    /// Probes `target` on a probe thread as ``ChainProber/probe(_:options:)`` does, and times the probe on that thread.
    func probeTimedOnItsThread(
        _ target: ProbeTarget, options: ProbeOptions
    ) async -> (Result<ProbeResult, ProbeFailure>, Duration) {
        let timing = ThreadTiming()
        let result = await ChainProber().probe(target, options: options) { body in
            ProbeThread.start(name: "pinbench.probe") { timing.time(body) }
        }
        return (result, await timing.elapsed())
    }

    @Test("resets the connection after the ClientHello: connectionReset in the handshake")
    func reset() async throws {
        let listener = try HostileListener(.reset)
        defer { listener.stop() }
        let (failure, _) = try await failure(of: .loopback("reset.pinbench.test", port: listener.port))
        #expect(failure.code == .connectionReset)
        #expect(failure.phase == .handshake)
        #expect(failure.reason == "\(listener.address) reset the connection during the TLS handshake")
    }

    @Test("hangs up after the ClientHello: connectionClosed, no TLS alert")
    func hangUp() async throws {
        let listener = try HostileListener(.hangUp)
        defer { listener.stop() }
        let (failure, _) = try await failure(of: .loopback("hangup.pinbench.test", port: listener.port))
        #expect(failure.code == .connectionClosed)
        #expect(failure.phase == .handshake)
        #expect(failure.reason.contains(listener.address))
        #expect(failure.reason.contains("without a TLS alert"))
    }

    @Test("answers in plain HTTP: notTLS with the first line, control characters made visible")
    func plainText() async throws {
        let answer = "HTTP/1.1 400 Bad Request\u{1B}]0;pwned\u{07}\u{9B}31m\r\nContent-Length: 0\r\n\r\n"
        let listener = try HostileListener(.plainText(Array(answer.utf8)))
        defer { listener.stop() }
        let (failure, _) = try await failure(of: .loopback("http.pinbench.test", port: listener.port))
        #expect(failure.code == .notTLS)
        #expect(failure.phase == .handshake)
        let snippet = try #require(failure.snippet)
        #expect(snippet.hasPrefix("HTTP/1.1 400 Bad Request"))
        #expect(!snippet.contains("Content-Length"), "only the first line")
        #expect(hasNoControlCharacters(snippet))
        #expect(snippet.contains("\\u{1B}]0;pwned\\u{7}"), "escapes are shown, not obeyed")
        #expect(failure.reason.contains(listener.address))
        #expect(failure.reason.contains("HTTP/1.1 400 Bad Request"))
    }

    @Test("a fatal TLS alert as the only answer: tlsAlert with its name, naming the address")
    func alertOnly() async throws {
        // An alert record: content type 21, TLS 1.2, length 2, level fatal (2), handshake_failure (40).
        let listener = try HostileListener(.plainText([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28]))
        defer { listener.stop() }
        let (failure, _) = try await failure(of: .loopback("alert.pinbench.test", port: listener.port))
        #expect(failure.code == .tlsAlert)
        #expect(failure.alert == "handshake failure")
        #expect(failure.reason == "\(listener.address) sent the TLS alert \"handshake failure\"")
    }

    @Test("a handshake record with a version no TLS has: tlsFailure naming the address")
    func bogusRecordVersion() async throws {
        // Content type 22 (handshake) passes the first-byte check; record version 0x7F00 does not exist.
        let listener = try HostileListener(.plainText([0x16, 0x7F, 0x00, 0x00, 0x04, 0x01, 0x00, 0x00, 0x00]))
        defer { listener.stop() }
        let (failure, _) = try await failure(of: .loopback("version.pinbench.test", port: listener.port))
        #expect(failure.code == .tlsFailure)
        #expect(failure.phase == .handshake)
        #expect(
            failure.reason.hasPrefix(
                "the TLS handshake with \(listener.address) failed: the records received are not TLS"))
    }

    @Test("nothing listening: connectionRefused in the connect step, naming the address")
    func refused() async throws {
        let port = try RefusingPort()
        let (failure, _) = try await failure(of: ProbeTarget(host: "127.0.0.1", port: port.port))
        #expect(failure.code == .connectionRefused)
        #expect(failure.phase == .dial)
        #expect(failure.reason.contains("127.0.0.1:\(port.port)"))
    }

    @Test(
        "a name under .invalid: nameNotResolved, the name shown safely",
        arguments: [
            "no-such-host.pinbench.invalid", "\u{1B}]0;PWNED\u{07}evil.invalid",
        ])
    func unresolvable(_ host: String) async throws {
        // A slow resolver (glibc: 5 s a try, two tries) must not turn the answer into a timeout.
        let patient = ProbeOptions(deadline: .seconds(30), useSystemTrustStore: false)
        let (failure, _) = try await failure(of: ProbeTarget(host: host, port: 443), options: patient)
        #expect(failure.code == .nameNotResolved)
        #expect(failure.phase == .resolve)
        #expect(failure.reason.contains(host.terminalSafe))
    }
}

/// A real TLS server (`openssl s_server -cert_chain`) that sends more certificates or bytes than the caps allow.
@Suite("Oversized chains")
struct OversizedChainTests {
    let pki = TestPKI.shared

    /// s_server sending the good leaf and intermediate followed by `fillers` more certificates.
    func server(fillers: Int) async throws -> (OpenSSLServer, sent: [IssuedCertificate]) {
        let chain = [pki.intermediate] + FillerCertificates.pile.prefix(fillers)
        let server = try await OpenSSLServer.start(.init(pki.good.leaf, chain: chain))
        return (server, [pki.good.leaf] + chain)
    }

    func probe(_ server: OpenSSLServer, _ options: ProbeOptions) async -> Result<ProbeResult, ProbeFailure> {
        await ChainProber().probe(.loopback(pki.host, port: server.port), options: options)
    }

    @Test("more certificates than maxCertificates: chainTooLarge, and one more allowed gets them all")
    func tooManyCertificates() async throws {
        let (server, sent) = try await server(fillers: 39)
        defer { server.stop() }
        #expect(sent.count == 41)
        let capped = ProbeOptions(useSystemTrustStore: false)
        #expect(capped.maxCertificates < sent.count)
        let failure = try #require(await probe(server, capped).failure)
        #expect(failure.code == .chainTooLarge)
        #expect(failure.phase == .handshake)
        #expect(failure.reason.contains("41 certificates"))
        #expect(failure.reason.contains("the cap is \(capped.maxCertificates)"))
        #expect(failure.reason.contains("127.0.0.1:\(server.port)"))

        let roomy = ProbeOptions(useSystemTrustStore: false, maxCertificates: sent.count)
        let result = try await probe(server, roomy).get()
        #expect(result.sentChain == sent.map(\.der))
    }

    @Test("a certificate message beyond the byte cap: OpenSSL stops reading it, chainTooLarge")
    func certificateMessageTooLarge() async throws {
        let (server, sent) = try await server(fillers: 12)
        defer { server.stop() }
        let bytes = sent.map(\.der.count).reduce(0, +)
        // The probe never lets OpenSSL's own cap go below 4096 bytes; this chain is well beyond that.
        try #require(bytes > 4096 + 1024)
        let failure = try #require(
            await probe(server, ProbeOptions(useSystemTrustStore: false, maxChainBytes: 1000)).failure)
        #expect(failure.code == .chainTooLarge)
        #expect(failure.phase == .handshake)
        #expect(failure.reason.contains("larger than the byte cap"))
        #expect(failure.reason.contains("127.0.0.1:\(server.port)"))
        #expect(try await probe(server, ProbeOptions(useSystemTrustStore: false)).get().sentChain.count == sent.count)
    }

    @Test("certificates that fit OpenSSL's buffer but exceed maxChainBytes: chainTooLarge with the byte count")
    func certificateBytesOverCap() async throws {
        let (server, sent) = try await server(fillers: 2)
        defer { server.stop() }
        let bytes = sent.map(\.der.count).reduce(0, +)
        try #require(bytes > 1500 && bytes < 3500, "\(bytes) bytes")
        let failure = try #require(
            await probe(server, ProbeOptions(useSystemTrustStore: false, maxChainBytes: 1500)).failure)
        #expect(failure.code == .chainTooLarge)
        #expect(failure.reason.contains("\(bytes) bytes of certificates; the cap is 1500"))
        #expect(failure.reason.contains("127.0.0.1:\(server.port)"))
    }
}

/// The time a body took on the thread that ran it, handed to an awaiting test once it is known.
private final class ThreadTiming: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var duration = Duration.zero

    func time(_ body: () -> Void) {
        let started = ContinuousClock.now
        body()
        duration = started.duration(to: .now)
        done.signal()
    }

    func elapsed() async -> Duration {
        (try? await OffPoolThread.run { [self] in
            done.wait()
            return duration
        }) ?? .zero
    }
}
