import ClientModels
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// `pinbench validate --clients` against the real clients that run here: Debian's curl with the `--pinnedpubkey`
/// `pinbench export curl` writes, and Debian's OkHttp 3 (Tests/ClientHarness/OkHttpPinCheck.java) with the
/// `CertificatePinner` `pinbench export okhttp --okhttp-version 3` writes, each against openssl s_server on
/// 127.0.0.1 serving every chain of ``AgreementTable`` and its trust edges (``AgreementTable/trustEdges()``).
/// PinBench's verdict for the client must be the client's, and the words it quotes the client's own.
@Suite("Client verdicts agree with real curl and OkHttp", .serialized)
struct ClientAgreementTests {
    /// What one client decided, and why (curl's exit status, OkHttp's exception); for PinBench's model of it, the
    /// message it quotes.
    struct Decision: Equatable {
        let allows: Bool
        let detail: String
        var message: String? = nil
    }

    /// Trust edges the real clients accept and PinBench's platform profile refuses: each was judged as PinBench's
    /// platform before the client models carried their clients' trust rules, so each failed then.
    static let acceptedByCurlOnly = ["CN only, no subject alternative name"]
    static let acceptedByOkHttpOnly = [
        "extended key usage anyExtendedKeyUsage only", "wildcard over the top-level domain com",
    ]
    static let acceptedByBoth = [
        "no extended key usage", "CA:TRUE leaf with keyCertSign", "CA:TRUE leaf, digitalSignature only",
        "keyCertSign on a leaf that is not a CA", "wildcard over the public suffix co.uk",
    ]

    /// The served chains, each on its own s_server, with the files every client reads.
    final class Lab: @unchecked Sendable {
        // @unchecked Sendable: set up once, read afterwards; servers stop when the lab is released.
        let cases: [AgreementCase]
        let folder = TemporaryFolder()
        var servers: [OpenSSLServer] = []

        init() async throws {
            cases = try AgreementTable.make().cases + AgreementTable.trustEdges()
            for (index, entry) in cases.enumerated() {
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
            let entry = cases[index]
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
            let decision = Decision(allows: allows, detail: reason, message: verdict["clientMessage"] as? String)
            return (decision, object?["outcome"] as? String ?? "?")
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

    @Test("curl --pinnedpubkey decides every chain as PinBench's curl verdict says, in curl's words")
    func curlAgrees() async throws {
        let lab = try await Lab()
        var outcomes: [Bool] = []
        var disagreements: [String] = []
        var differences: [String] = []
        for (index, entry) in lab.cases.enumerated() {
            let url = "https://\(entry.host)/"
            // The exported line for this host, if any: curl pins nothing for a host its export does not name.
            let line = try lab.export(index, ["curl"]).first { $0.hasSuffix(" \(url)") || $0.hasSuffix(" '\(url)'") }
            let pinned = line.map { $0.split(separator: " ")[2].replacingOccurrences(of: "'", with: "") }
            var arguments = [
                "-sS", "-o", "/dev/null", "--max-time", "20", "--cacert", lab.folder.path("anchors\(index).pem"),
                "--connect-to", "\(entry.host):443:127.0.0.1:\(lab.servers[index].port)",
            ]
            if let pinned { arguments += ["--pinnedpubkey", pinned] }
            let curl = try ProcessRunner.run("/usr/bin/curl", arguments + [url], timeout: 30)
            let said = curl.stderrText.split(separator: "\n").first.map(String.init) ?? ""
            let real = Decision(allows: curl.status == 0, detail: "exit \(curl.status): \(said)")
            let (model, pinBench) = try lab.pinBench(index, client: .curl)
            if model.allows != real.allows {
                disagreements.append("\(entry.name): PinBench says \(model.detail); curl \(real.detail)")
            } else if !real.allows && model.message != said {
                // The model quotes the line curl prints, exit status included.
                disagreements.append(
                    "\(entry.name): PinBench quotes \(model.message ?? "nothing"); curl \(real.detail)")
            }
            outcomes.append(real.allows)
            if (pinBench != "rejected") != real.allows { differences.append(entry.name) }
        }
        #expect(
            disagreements.isEmpty, "\(disagreements.count) disagreements:\n\(disagreements.joined(separator: "\n"))")
        print("ClientAgreementTests: curl: \(lab.cases.count) chains, \(disagreements.count) disagreements")
        #expect(lab.cases.count >= 100 + 38)
        // curl pins the leaf alone: most chains pinned above the leaf or not at all fail its pin check.
        #expect(outcomes.filter { $0 }.count >= 20 && outcomes.filter { !$0 }.count >= 30, "\(outcomes)")
        // The edges curl accepts and PinBench refuses: judged as PinBench's platform, each disagreed.
        for edge in Self.acceptedByCurlOnly + Self.acceptedByBoth {
            #expect(differences.contains("\(edge); leaf key pinned"), "\(edge): \(differences)")
        }
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
        for (index, entry) in lab.cases.enumerated() {
            let pins = try lab.export(index, ["okhttp", "--okhttp-version", "3"]).compactMap(OkHttpHarness.pin)
            let words = [entry.host, "\(lab.servers[index].port)", lab.folder.path("anchors\(index).pem")]
            lines.append((words + pins.flatMap { [$0.pattern, $0.pin] }).joined(separator: " "))
        }
        let answers = try harness.run(lines)
        try #require(answers.count == lab.cases.count, "\(answers)")
        var disagreements: [String] = []
        var differences: [String] = []
        for (index, entry) in lab.cases.enumerated() {
            let real = Decision(allows: answers[index].hasPrefix("accepted "), detail: answers[index])
            let (model, pinBench) = try lab.pinBench(index, client: .okhttp3)
            if model.allows != real.allows {
                disagreements.append("\(entry.name): PinBench says \(model.detail); OkHttp \(real.detail)")
            } else if !real.allows, !real.detail.hasPrefix("rejected " + (model.message ?? "?")) {
                // The model quotes the exception OkHttp throws: its class and the fixed start of its message.
                disagreements.append(
                    "\(entry.name): PinBench quotes \(model.message ?? "nothing"); OkHttp \(real.detail)")
            }
            if (pinBench != "rejected") != real.allows { differences.append(entry.name) }
        }
        #expect(
            disagreements.isEmpty, "\(disagreements.count) disagreements:\n\(disagreements.joined(separator: "\n"))")
        print("ClientAgreementTests: OkHttp 3: \(lab.cases.count) chains, \(disagreements.count) disagreements")
        #expect(answers.filter { $0.hasPrefix("accepted ") }.count >= 30)
        #expect(answers.filter { $0.hasPrefix("rejected ") }.count >= 30)
        for edge in Self.acceptedByOkHttpOnly + Self.acceptedByBoth {
            #expect(differences.contains("\(edge); leaf key pinned"), "\(edge): \(differences)")
        }
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
