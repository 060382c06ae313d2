import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// `pinbench validate --clients` against the real clients that run here: Debian's curl with the `--pinnedpubkey`
/// `pinbench export curl` writes, and Debian's OkHttp 3 (Tests/ClientHarness/OkHttpPinCheck.java) with the
/// `CertificatePinner` `pinbench export okhttp --okhttp-version 3` writes, each against openssl s_server on
/// 127.0.0.1 serving every chain of ``AgreementTable``. PinBench's verdict for the client must be the client's.
@Suite("Client verdicts agree with real curl and OkHttp", .serialized)
struct ClientAgreementTests {
    /// What one client decided, and why (curl's exit status, OkHttp's exception).
    struct Decision: Equatable {
        let allows: Bool
        let detail: String
    }

    /// The served chains, each on its own s_server, with the files every client reads.
    final class Lab: @unchecked Sendable {
        // @unchecked Sendable: set up once, read afterwards; servers stop when the lab is released.
        let table: AgreementTable
        let folder = TemporaryFolder()
        var servers: [OpenSSLServer] = []

        init() async throws {
            table = try AgreementTable.make()
            for (index, entry) in table.cases.enumerated() {
                let identity = OpenSSLServer.Identity(entry.served[0], chain: Array(entry.served.dropFirst()))
                servers.append(try await OpenSSLServer.start(identity))
                folder.write("served\(index).pem", entry.served.map(\.pem).joined())
                folder.write("anchors\(index).pem", entry.anchors.map(\.pem).joined())
                let manifest = try CanonicalJSON.encode(PinManifest(domains: [entry.domain]))
                folder.write("pins\(index).json", manifest)
            }
        }

        deinit { servers.forEach { $0.stop() } }

        /// `pinbench validate --clients CLIENT --json` on case `index`: the client's verdict, and PinBench's own.
        func pinBench(_ index: Int, client: PinClient) throws -> (client: Decision, pinBench: String) {
            let entry = table.cases[index]
            let result = try PinBenchBinary.run(
                [
                    "validate", "--host", entry.host, "--chain", "served\(index).pem", "--ca-bundle",
                    "anchors\(index).pem", "--no-system-trust", "-m", "pins\(index).json", "--clients",
                    client.rawValue, "--json",
                ], in: folder.url)
            let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
            guard let verdict = (object?["clients"] as? [[String: Any]])?.first,
                let allows = verdict["allowsConnection"] as? Bool, let reason = verdict["reason"] as? String
            else {
                throw OpenSSLServerError("no client verdict: \(result.stdoutText) \(result.stderrText)")
            }
            return (Decision(allows: allows, detail: reason), object?["outcome"] as? String ?? "?")
        }

        /// The lines `pinbench export FORMAT --include-lapsed` writes for case `index` (the app shipped the pins
        /// before they lapsed).
        func export(_ index: Int, _ arguments: [String]) throws -> [String] {
            let result = try PinBenchBinary.run(
                ["export"] + arguments + ["--include-lapsed", "-m", "pins\(index).json"], in: folder.url)
            guard result.status == 0 else { throw OpenSSLServerError("export failed: \(result.stderrText)") }
            return result.stdoutText.split(separator: "\n").map(String.init)
        }
    }

    @Test("curl --pinnedpubkey decides every chain as PinBench's curl verdict says")
    func curlAgrees() async throws {
        let lab = try await Lab()
        var outcomes: [Bool] = []
        var differences = 0
        for (index, entry) in lab.table.cases.enumerated() {
            let url = "https://\(entry.host)/"
            // The exported line for this host, if any: curl pins nothing for a host its export does not name.
            let line = try lab.export(index, ["curl"]).first { $0.hasSuffix(" \(url)") || $0.hasSuffix(" '\(url)'") }
            let pinned = line.map { $0.split(separator: " ")[2].replacingOccurrences(of: "'", with: "") }
            var arguments = [
                "-s", "-o", "/dev/null", "--max-time", "20", "--cacert", lab.folder.path("anchors\(index).pem"),
                "--connect-to", "\(entry.host):443:127.0.0.1:\(lab.servers[index].port)",
            ]
            if let pinned { arguments += ["--pinnedpubkey", pinned] }
            let curl = try ProcessRunner.run("/usr/bin/curl", arguments + [url], timeout: 30)
            let real = Decision(allows: curl.status == 0, detail: "exit \(curl.status)")
            let (model, pinBench) = try lab.pinBench(index, client: .curl)
            #expect(model.allows == real.allows, "\(entry.name): PinBench says \(model.detail); curl \(real.detail)")
            // The reason names curl's own exit status: 60 for trust, 90 for the pin.
            if !real.allows {
                #expect(model.detail.contains("(\(curl.status))"), "\(entry.name): \(model.detail) vs \(real.detail)")
            }
            outcomes.append(real.allows)
            if (pinBench != "rejected") != real.allows { differences += 1 }
        }
        #expect(lab.table.cases.count >= 30)
        #expect(outcomes.filter { $0 }.count >= 8 && outcomes.filter { !$0 }.count >= 8, "\(outcomes)")
        // The table holds chains curl decides differently from PinBench (the point of the model).
        #expect(differences >= 3)
    }

    @Test(
        "OkHttp 3 CertificatePinner decides every chain as PinBench's okhttp3 verdict says",
        .enabled(
            if: OkHttpHarness.available,
            "needs javac and /usr/share/java/okhttp.jar (openjdk-17-jdk-headless, libokhttp-java)"))
    func okHttpAgrees() async throws {
        let lab = try await Lab()
        let harness = try OkHttpHarness()
        var lines: [String] = []
        for (index, entry) in lab.table.cases.enumerated() {
            let pins = try lab.export(index, ["okhttp", "--okhttp-version", "3"]).compactMap(OkHttpHarness.pin)
            let words = [entry.host, "\(lab.servers[index].port)", lab.folder.path("anchors\(index).pem")]
            lines.append((words + pins.flatMap { [$0.pattern, $0.pin] }).joined(separator: " "))
        }
        let answers = try harness.run(lines)
        try #require(answers.count == lab.table.cases.count, "\(answers)")
        var differences = 0
        for (index, entry) in lab.table.cases.enumerated() {
            let real = Decision(allows: answers[index].hasPrefix("accepted "), detail: answers[index])
            let (model, pinBench) = try lab.pinBench(index, client: .okhttp3)
            #expect(model.allows == real.allows, "\(entry.name): PinBench says \(model.detail); OkHttp \(real.detail)")
            // A pin failure is a pin failure in both.
            let pinFailure = real.detail.contains("Certificate pinning failure")
            #expect(
                model.detail.contains("Certificate pinning failure") == pinFailure, "\(entry.name): \(model.detail)")
            if (pinBench != "rejected") != real.allows { differences += 1 }
        }
        #expect(answers.filter { $0.hasPrefix("accepted ") }.count >= 8)
        #expect(answers.filter { $0.hasPrefix("rejected ") }.count >= 8)
        #expect(differences >= 2)
    }
}

/// Tests/ClientHarness/OkHttpPinCheck.java, compiled with javac into a temporary folder and run on the JVM.
struct OkHttpHarness {
    static let classPath = ["/usr/share/java/okhttp.jar", "/usr/share/java/okio.jar"]
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/javac")
            && classPath.allSatisfy(FileManager.default.fileExists(atPath:))
    }

    let folder = TemporaryFolder()

    init() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ClientHarness/OkHttpPinCheck.java").path
        _ = try ProcessRunner.run(
            "/usr/bin/javac", ["-cp", Self.classPath.joined(separator: ":"), "-d", folder.url.path, source],
            timeout: 240
        ).checked()
    }

    /// One answer line per case line.
    func run(_ cases: [String]) throws -> [String] {
        let result = try ProcessRunner.run(
            "/usr/bin/java", ["-cp", (Self.classPath + [folder.url.path]).joined(separator: ":"), "OkHttpPinCheck"],
            input: Data((cases.joined(separator: "\n") + "\n").utf8), timeout: 600
        ).checked()
        return result.stdoutText.split(separator: "\n").map(String.init)
    }

    /// The pattern and pin of an exported `.add("PATTERN", "sha256/PIN")` line.
    static func pin(_ line: String) -> (pattern: String, pin: String)? {
        let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
        guard line.contains(".add("), quoted.count >= 5 else { return nil }
        return (String(quoted[1]), String(quoted[3]))
    }
}
