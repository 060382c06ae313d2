import Foundation
import PinningCore
import TestSupport
import Testing

/// `pinbench watch` against the lab's own CT logs (one RFC 6962, one tiled, on 127.0.0.1): the rotation story's
/// certificates are in them before the lab serves them, and the watch names the demo releases each would lock out;
/// the key it names is the key the lab serves once rotated, as openssl reads it.
@Suite("pinbench watch against the lab's CT logs")
struct LabWatchTests {
    let folder = TemporaryFolder()
    static let host = "rotating.pinbench.test"

    @Test("the renewal and the sibling-issued leaf are found in both logs, locking out 2.0 and 2.1")
    func rotationFoundInCT() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        #expect(lab.banner.contains("CT logs:"), "\(lab.banner)")
        let result = try await PinBenchBinary.run(
            ["watch", "--ct-log-list", "lab-ct-logs.json", "-m", "lab.json", "--once", "--json"], in: folder.url)
        #expect(result.status == 1, "\(result.stderrText)")
        let findings = result.stdoutText.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { finding in
            (finding["hosts"] as? [[String: Any]] ?? []).contains { $0["host"] as? String == Self.host }
        }
        // Today's leaf, the renewal and the sibling-issued leaf, in each of the two logs.
        #expect(findings.count == 6, "\(result.stdoutText)")
        // By leaf key and issuer key: the sibling-issued leaf keeps today's leaf key under another issuer.
        var lockouts: [String: Set<String>] = [:]
        for finding in findings {
            let key =
                try #require(finding["spkiSHA256"] as? String) + " " + (finding["issuerSPKISHA256"] as? String ?? "")
            lockouts[key, default: []].formUnion(finding["lockedOut"] as? [String] ?? [])
        }
        // The lab serves each of them once rotated: the key openssl reads is a key the watch named, with its lockout.
        var seen: [String: Set<String>] = [:]
        for state in ["today", "renewal-new-key", "issuer-rotation"] {
            if state != "today" {
                try await OffPoolThread.run { try lab.rotate(expecting: "\(Self.host) now serves \(state):") }
            }
            let served = try await OffPoolThread.run {
                try OpenSSLCLI.servedChain(connect: lab.endpoint, serverName: Self.host)
            }
            let key =
                try OpenSSLCLI.spkiPin(certificatePEM: served[0]) + " "
                + (try OpenSSLCLI.spkiPin(certificatePEM: served[1]))
            let named = lockouts[key]
            #expect(named != nil, "\(state): the watch did not name key \(key)")
            seen[state] = named ?? ["(not named)"]
        }
        #expect(seen == ["today": [], "renewal-new-key": ["2.0"], "issuer-rotation": ["2.1"]])
        #expect(await lab.stop().status == 0)
    }
}
