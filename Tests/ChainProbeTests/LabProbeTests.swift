import ChainProbe
import DemoLab
import Foundation
import PinningCore
import TestSupport
import Testing
import X509

// Serialized: each test starts its own lab (key generation is CPU-bound), and the timing test should not compete
// with the others for the two cores of a CI machine.
@Suite("Probing the demo lab", .serialized)
struct LabProbeTests {
    /// A started lab, its root written to a temporary file, and probe options that trust only that root.
    struct Fixture {
        let lab: RunningLab
        let folder = TemporaryFolder()
        let options: ProbeOptions

        init(deadline: Duration = .seconds(5), slowHold: Duration = .seconds(10)) throws {
            lab = try RunningLab.start(DemoLabOptions(slowHold: slowHold))
            let root = folder.write("lab-root.pem", lab.rootPEM)
            options = ProbeOptions(deadline: deadline, trustAnchorPaths: [root], useSystemTrustStore: false)
        }

        /// Starts the lab without holding a cooperative thread.
        static func start(deadline: Duration = .seconds(5), slowHold: Duration = .seconds(10)) async throws -> Fixture {
            try await OffPoolThread.run { try Fixture(deadline: deadline, slowHold: slowHold) }
        }

        func target(_ kind: LabScenario) -> ProbeTarget { .loopback(lab.scenario(kind).host, port: lab.port) }

        func tearDown() { lab.stop() }
    }

    @Test(
        "each scenario is served under its SNI name, sent chain recorded as served",
        arguments: LabScenario.allCases.filter { $0 != .slow })
    func sentChainPerScenario(_ kind: LabScenario) async throws {
        let fixture = try await Fixture.start()
        defer { fixture.tearDown() }
        let scenario = fixture.lab.scenario(kind)
        let result = try await ChainProber().probe(fixture.target(kind), options: fixture.options).get()
        #expect(result.sentChain == scenario.servedChain)
        #expect(result.connection.serverName == scenario.host)
        #expect(result.connection.peerAddress == "127.0.0.1:\(fixture.lab.port)")
        #expect(result.connection.handshakeDuration > .zero)
        let leaf = try #require(try result.sentCertificates().first?.certificate)
        let names = try leaf.extensions.subjectAlternativeNames?.compactMap { name -> String? in
            if case .dnsName(let dns) = name { return dns }
            return nil
        }
        let expected = kind == .wrongHost ? "other.\(fixture.lab.domain)" : scenario.host
        #expect(names == [expected])
    }

    @Test("the built chain reaches the lab root when the root is given, and only then")
    func builtChain() async throws {
        let fixture = try await Fixture.start()
        defer { fixture.tearDown() }
        let root = fixture.lab.root.derBytes
        for kind in [LabScenario.good, .rotated, .expired, .wrongHost, .weak] {
            let result = try await ChainProber().probe(fixture.target(kind), options: fixture.options).get()
            let built = try #require(
                result.connection.builtChain?.map(\.der), "\(kind): \(result.connection.builtChainProblem ?? "")")
            #expect(built == result.sentChain + [root], "\(kind)")
            #expect(result.connection.builtChainProblem == nil)
        }
        for kind in [LabScenario.mitm, .selfSigned, .incomplete] {
            let result = try await ChainProber().probe(fixture.target(kind), options: fixture.options).get()
            #expect(result.connection.builtChain?.map(\.der) == nil, "\(kind)")
            #expect(result.connection.builtChainProblem?.isEmpty == false, "\(kind)")
        }
        // Without the lab root nothing builds: an untrusted chain is still a result, not an error.
        let bare = ProbeOptions(useSystemTrustStore: false)
        let result = try await ChainProber().probe(fixture.target(.good), options: bare).get()
        #expect(result.connection.builtChain?.map(\.der) == nil)
        #expect(result.connection.builtChainProblem == "unable to get local issuer certificate")
    }

    @Test("pins of the received certificates equal the openssl command line's")
    func pinsMatchOpenSSL() async throws {
        let fixture = try await Fixture.start()
        defer { fixture.tearDown() }
        for kind in [LabScenario.good, .mitm, .weak, .selfSigned] {
            let result = try await ChainProber().probe(fixture.target(kind), options: fixture.options).get()
            for der in result.sentChain + (result.connection.builtChain?.map(\.der) ?? []) {
                let expected = try OpenSSLCLI.spkiPin(certificatePEM: certificatePEM(der))
                #expect(expected.count == 44)
                #expect(CertificateDetails(try Certificate(derEncoded: der)).spkiPin == expected, "\(kind)")
            }
        }
    }

    @Test("TLS facts: 1.3 with a key-exchange group and the lab's OCSP staple for good, 1.2 RSA key exchange for weak")
    func tlsFacts() async throws {
        let fixture = try await Fixture.start()
        defer { fixture.tearDown() }
        let good = try await ChainProber().probe(fixture.target(.good), options: fixture.options).get()
        #expect(good.connection.protocolVersion == "TLSv1.3")
        #expect(
            good.connection.cipherSuite.hasPrefix("TLS_AES_") || good.connection.cipherSuite.hasPrefix("TLS_CHACHA20"))
        #expect(good.connection.keyExchangeGroup != nil)
        #expect(good.connection.keyExchange == .tls13)
        #expect(good.connection.ocspStapled)
        #expect(good.connection.stapledOCSPResponse == fixture.lab.scenario(.good).stapledOCSPResponse)
        let weak = try await ChainProber().probe(fixture.target(.weak), options: fixture.options).get()
        #expect(weak.connection.protocolVersion == "TLSv1.2")
        #expect(weak.connection.cipherSuite.hasPrefix("TLS_RSA_WITH_"))
        #expect(weak.connection.keyExchangeGroup == nil)
        #expect(weak.connection.keyExchange == .rsa)
        #expect(weak.connection.ocspStapled == false, "the lab staples only for good and revoked")
        #expect(weak.connection.stapledOCSPResponse == nil)
    }

    @Test("an unknown name under the lab domain gets the TLS alert \"unrecognized name\"")
    func unknownName() async throws {
        let fixture = try await Fixture.start()
        defer { fixture.tearDown() }
        let target = ProbeTarget.loopback("nope.\(fixture.lab.domain)", port: fixture.lab.port)
        let failure = try #require(await ChainProber().probe(target, options: fixture.options).failure)
        #expect(failure.code == .tlsAlert)
        #expect(failure.alert == "unrecognized name")
        #expect(failure.description.contains("unrecognized name"))
        #expect(failure.reason == "\(fixture.lab.endpoint) sent the TLS alert \"unrecognized name\"")
    }

    @Test("an IP-literal host sends no SNI and gets the default scenario")
    func noSNI() async throws {
        let fixture = try await Fixture.start()
        defer { fixture.tearDown() }
        let target = ProbeTarget(host: "127.0.0.1", port: fixture.lab.port)
        let result = try await ChainProber().probe(target, options: fixture.options).get()
        #expect(result.connection.serverName == nil)
        #expect(result.sentChain == fixture.lab.scenario(.good).servedChain)
    }

    @Test("slow: the probe times out in the handshake phase, and other scenarios are served meanwhile")
    func slowTimesOut() async throws {
        // The lab holds the slow handshake for 120 s, so the bound below tells a probe that gave up on its own 0.5 s
        // deadline from one that waited on the server, with room for a loaded machine's cooperative pool.
        let fixture = try await Fixture.start(deadline: .milliseconds(500), slowHold: .seconds(120))
        defer { fixture.tearDown() }
        let slow = Task {
            let started = ContinuousClock.now
            let result = await ChainProber().probe(fixture.target(.slow), options: fixture.options)
            return (result, ContinuousClock.now - started)
        }
        var patient = fixture.options
        patient.deadline = .seconds(10)
        let good = await ChainProber().probe(fixture.target(.good), options: patient)
        #expect(good.success != nil)
        let (result, elapsed) = await slow.value
        let failure = try #require(result.failure)
        #expect(failure.code == .timedOut)
        #expect(failure.phase == .handshake)
        #expect(failure.reason.contains("TLS handshake"))
        #expect(elapsed < .seconds(60), "deadline 0.5 s, hold 120 s")
    }
}
