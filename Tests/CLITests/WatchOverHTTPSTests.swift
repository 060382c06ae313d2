import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// A tiled CT log published as static files and served over HTTPS by `openssl s_server -WWW`, the way static-ct-api
/// logs sit behind a web server or a bucket: `pinbench watch` reads it through its TLS client.
@Suite("pinbench watch over HTTPS (openssl s_server -WWW)")
struct WatchOverHTTPSTests {
    @Test("the checkpoint, tiles and issuers as files over TLS: the renewal is found, pins as openssl computes them")
    func staticTiledLogOverTLS() async throws {
        let world = ForecastFixture()
        try await world.shippedReleases()
        let log = LabLog(origin: "ct.pinbench.test/static")
        log.log(world.pki.good.leaf.der, chain: [world.pki.intermediate.der])
        try log.logPrecertificate(
            world.pki.rotated.leaf.certificate, issuer: world.pki.intermediate.certificate,
            chain: [world.pki.intermediate.der])
        log.publish()
        // Every file a reader of this tree may ask for.
        let site = TemporaryFolder()
        let fingerprint = CertificateDetails(world.pki.intermediate.certificate).certPin
        let hex = Data(base64Encoded: fingerprint)!.map { String(format: "%02x", $0) }.joined()
        for path in ["checkpoint", "tile/0/000.p/2", "tile/data/000.p/2", "issuer/\(hex)"] {
            let answer = log.respond(to: path)
            try #require(answer.status == 200, "\(path)")
            let url = site.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(answer.body).write(to: url)
        }
        let server = try OpenSSLServer(
            OpenSSLServer.Identity(world.pki.good.leaf, chain: [world.pki.intermediate]), arguments: ["-WWW"],
            directory: site.url)
        defer { server.stop() }
        let list = CTLogList(logs: [
            CTLogList.Log(
                description: "Static log", operatorName: "PinBench Lab", logID: log.logID, key: log.spki,
                url: "https://ct.pinbench.test/static/", state: "usable",
                monitoringURL: "https://127.0.0.1:\(server.port)/")
        ])
        world.folder.write("logs.json", try list.json())
        let result = try await world.run(["watch", "--ct-log-list", "logs.json", "--once", "--json"])
        #expect(result.status == 1, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let renewal = try #require(lines.first { $0["index"] as? Int == 1 }, "\(result.stdoutText)")
        #expect(Set(renewal["lockedOut"] as? [String] ?? []) == ["leaf-only", "leaf-cert"])
        #expect(
            renewal["spkiSHA256"] as? String == (try OpenSSLCLI.spkiPin(certificatePEM: world.pki.rotated.leaf.pem)))
        #expect(lines.first { $0["index"] as? Int == 0 }?["lockedOut"] as? [String] == [])
    }
}
