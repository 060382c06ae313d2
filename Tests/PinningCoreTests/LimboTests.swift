import Foundation
import PinningCore
import TestSupport
import Testing

/// C2SP/x509-limbo's server cases, run through `PinValidator` as `pinbench validate` would, beside
/// `openssl verify -x509_strict` on the same certificates. Each case PinBench decides otherwise than limbo is
/// listed in ``LimboTests/knownDisagreements`` with the platform rule behind it (RELIABILITY.md has the table).
@Suite("x509-limbo server cases")
struct LimboTests {
    /// Cases where PinBench deliberately decides as the mobile platforms do, not as limbo expects.
    static let knownDisagreements: [String: String] = [:]

    struct Tally {
        var agreed = 0
        var total = 0
        var percent: Double { total == 0 ? 0 : Double(agreed) * 100 / Double(total) }
        var line: String { "\(agreed)/\(total) (\(String(format: "%.1f", percent)) %)" }

        mutating func count(_ agrees: Bool) {
            total += 1
            if agrees { agreed += 1 }
        }
    }

    /// `openssl verify -x509_strict -purpose sslserver` with the case's anchors, intermediates, name and time.
    static func opensslAccepts(_ testCase: LimboCase) throws -> Bool {
        let folder = TemporaryFolder()
        var arguments = [
            "verify", "-x509_strict", "-purpose", "sslserver",
            "-CAfile", folder.write("anchors.pem", testCase.trustedCerts.joined(separator: "\n")),
        ]
        if !testCase.untrustedIntermediates.isEmpty {
            arguments += ["-untrusted", folder.write("chain.pem", testCase.untrustedIntermediates.joined(separator: "\n"))]
        }
        if let name = testCase.expectedPeerName {
            arguments += [name.kind == "IP" ? "-verify_ip" : "-verify_hostname", name.value]
        }
        if let time = testCase.validationTime {
            arguments += ["-attime", String(Int(time.timeIntervalSince1970))]
        }
        arguments.append(folder.write("peer.pem", testCase.peerCertificate))
        return try ProcessRunner.run("/usr/bin/openssl", arguments).status == 0
    }

    @Test("every expressible server case: PinBench agrees with limbo except where the platforms decide otherwise")
    func expressibleServerCases() async throws {
        let cases = try LimboCase.all().filter(\.isExpressible)
        #expect(cases.count == 183)
        var all = Tally()
        var nonPedantic = Tally()
        var openssl = Tally()
        var families: [String: Tally] = [:]
        var disagreements: [String] = []
        let publicSuffixes = try #require(
            PublicSuffixList.installed, "Debian's publicsuffix package is needed for the public-suffix cases")
        for testCase in cases {
            let started = ContinuousClock.now
            let accepted = try await testCase.pinBenchAccepts(publicSuffixes: publicSuffixes)
            let took = ContinuousClock.now - started
            if took > .seconds(1) { print("limbo: \(testCase.id) took \(took)") }
            let agrees = accepted == testCase.expectsSuccess
            all.count(agrees)
            families[testCase.family, default: Tally()].count(agrees)
            if !testCase.isPedantic { nonPedantic.count(agrees) }
            openssl.count(try Self.opensslAccepts(testCase) == testCase.expectsSuccess)
            if !agrees { disagreements.append("\(testCase.id) (PinBench \(accepted ? "accepts" : "rejects"))") }
        }
        print("limbo: PinBench \(all.line), non-pedantic \(nonPedantic.line); openssl -x509_strict \(openssl.line)")
        for (family, tally) in families.sorted(by: { $0.key < $1.key }) { print("limbo: \(family) \(tally.line)") }
        for line in disagreements { print("limbo disagreement: \(line)") }
        let unexplained = disagreements.filter { line in
            !Self.knownDisagreements.keys.contains(String(line.prefix { $0 != " " }))
        }
        #expect(unexplained.isEmpty, "disagreements without a platform rule: \(unexplained)")
        #expect(nonPedantic.percent >= 95)
    }
}
