import ChainProbe
import DemoLab
import Foundation
import TestSupport
import Testing

/// Where the lab listens, and what stopping it does, checked from outside: the kernel's socket table and real
/// connections to loopback.
@Suite("The lab's listener")
struct LabListenerTests {
    let options = ProbeOptions(deadline: .seconds(10), useSystemTrustStore: false)

    func probe(
        _ lab: RunningLab, _ kind: LabScenario, options: ProbeOptions? = nil
    ) async
        -> Result<ProbeResult, ProbeFailure>
    {
        let target = ProbeTarget(
            host: lab.scenario(kind).host, port: 443, connect: ProbeEndpoint(host: lab.address, port: lab.port))
        return await ChainProber().probe(target, options: options ?? self.options)
    }

    @Test("on 127.0.0.1: the kernel lists the listener on the loopback address, not on a wildcard; close-on-exec")
    func ipv4() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        #expect(lab.endpoint == "127.0.0.1:\(lab.port)")
        #expect(try ListeningSockets.local(port: lab.port) == ["127.0.0.1"])
        let descriptors = try ListeningSockets.descriptors(port: lab.port)
        #expect(descriptors.count == 1 && descriptors.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC != 0 })
        let result = try await probe(lab, .good).get()
        #expect(result.connection.peerAddress == "127.0.0.1:\(lab.port)")
    }

    @Test("on ::1: probed over IPv6, listed on ::1 only")
    func ipv6() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start(DemoLabOptions(address: "::1")) }
        defer { lab.stop() }
        #expect(lab.endpoint == "[::1]:\(lab.port)")
        #expect(try ListeningSockets.local(port: lab.port) == ["::1"])
        let result = try await probe(lab, .good).get()
        #expect(result.connection.peerAddress == "[::1]:\(lab.port)")
        #expect(result.sentChain == lab.scenario(.good).servedChain)
    }

    @Test(
        "any other address is refused before anything starts",
        arguments: ["0.0.0.0", "::", "192.0.2.1", "localhost", "127.0.0.2", "::ffff:127.0.0.1", ""])
    func otherAddresses(_ address: String) {
        #expect {
            _ = try RunningLab.start(DemoLabOptions(address: address))
        } throws: { error in
            let message = "\(error)"
            return error is DemoLabError && message.contains("loopback only") && message.hasSuffix("not \(address)")
        }
    }

    @Test("stop() closes the port: a later connect is refused; stopping again is harmless")
    func stopClosesThePort() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        _ = try await probe(lab, .good).get()
        lab.stop()
        lab.stop()
        // ProbeFailure equality is by code and phase, so the expected failure can be written out.
        await #expect(throws: ProbeFailure.connectionRefused(lab.endpoint)) { try await probe(lab, .good).get() }
        #expect(try ListeningSockets.local(port: lab.port).isEmpty)
    }

    /// A socket stays open while any process holds a descriptor for it: a child between fork and exec holds a copy
    /// of every descriptor, close-on-exec or not, and tests spawn children all the time. Closing the lab's own
    /// descriptor is not enough then; stop() must end the listening itself. A second descriptor held here stands in
    /// for that child, deterministically.
    @Test("stop() ends listening even while another descriptor for the listener is open (a child mid-spawn)")
    func stopEndsListeningDespiteAnotherReference() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        let descriptors = try ListeningSockets.descriptors(port: lab.port)
        try #require(descriptors.count == 1)
        let second = fcntl(descriptors[0], F_DUPFD_CLOEXEC, 0)
        try #require(second >= 0)
        defer { close(second) }
        lab.stop()
        let quick = ProbeOptions(deadline: .seconds(2), useSystemTrustStore: false)
        await #expect(throws: ProbeFailure.connectionRefused(lab.endpoint)) {
            try await probe(lab, .good, options: quick).get()
        }
        #expect(try ListeningSockets.local(port: lab.port).isEmpty)
    }

    @Test("stop() does not wait out a held handshake: it returns, and the probe ends, long before the hold")
    func stopCutsAHeldHandshake() async throws {
        // The hold and the probe's deadline are 120 s; the bound below leaves room for a loaded CI machine (the
        // cooperative pool shared with every other test) while staying far from either.
        let lab = try await OffPoolThread.run { try RunningLab.start(DemoLabOptions(slowHold: .seconds(120))) }
        let patient = ProbeOptions(deadline: .seconds(120), useSystemTrustStore: false)
        let started = ContinuousClock.now
        let held = Task { await probe(lab, .slow, options: patient) }
        try await Task.sleep(for: .milliseconds(300))
        // stop() waits for the lab's connection threads: off the cooperative pool, which the probe needs.
        try await OffPoolThread.run { lab.stop() }
        let failure = await #expect(throws: ProbeFailure.self) { try await held.value.get() }
        #expect(started.duration(to: .now) < .seconds(80), "the hold and the deadline are 120 s")
        #expect(failure != nil && failure?.code != .timedOut)
    }
}
