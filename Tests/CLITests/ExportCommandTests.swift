import Foundation
import TestSupport
import Testing

/// `export` run as a user would: real curl against the demo lab, `.cer` files beside the output, `--strict`, and
/// `validate --report` writing RFC 7469 reports.
@Suite("export and failure reports against the demo lab")
struct ExportCommandTests {
    let folder = TemporaryFolder()

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    /// The lab, the genuine chain of good.pinbench.test as PEM, and a manifest pinning good's leaf and CA keys and
    /// mitm's genuine leaf and CA keys (copied from the lab's own manifest).
    func labManifest(_ lab: LabProcess) async throws -> (goodPEM: String, leafPin: String, caPin: String) {
        let inspect = try await run(["inspect", "good.pinbench.test", "--manifest", "lab.json", "--pem"])
        let pem = inspect.stdoutText
        let blocks = pem.components(separatedBy: "-----END CERTIFICATE-----\n").filter { $0.contains("BEGIN") }
        #expect(blocks.count == 2, "\(pem)")
        let leafPin = try OpenSSLCLI.spkiPin(certificatePEM: blocks[0] + "-----END CERTIFICATE-----\n")
        let caPin = try OpenSSLCLI.spkiPin(certificatePEM: blocks[1] + "-----END CERTIFICATE-----\n")
        let labManifest = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: lab.manifestPath)))
                as? [String: Any])
        let domains = try #require(labManifest["domains"] as? [[String: Any]])
        let mitm = try #require(domains.first { $0["host"] as? String == "mitm.pinbench.test" })
        let mitmPins = try #require(mitm["pins"] as? [[String: Any]]).map { pin in
            var pin = pin
            pin.removeValue(forKey: "notAfter")
            return pin
        }
        let manifest: [String: Any] = [
            "schema": 1,
            "domains": [
                [
                    "host": "good.pinbench.test", "connect": lab.endpoint,
                    "pins": [
                        ["type": "spki-sha256", "value": leafPin, "position": "leaf"],
                        ["type": "spki-sha256", "value": caPin, "position": "ca", "role": "backup"],
                    ],
                ],
                ["host": "mitm.pinbench.test", "connect": lab.endpoint, "pins": mitmPins],
            ],
        ]
        folder.write("pins.json", try JSONSerialization.data(withJSONObject: manifest))
        folder.write("good.pem", pem)
        return (pem, leafPin, caPin)
    }

    @Test("curl: the exported line, run by the real curl on 127.0.0.1, accepts good and refuses the MITM chain")
    func curlAgainstLab() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        let (_, leafPin, caPin) = try await labManifest(lab)
        let export = try await run(["export", "curl", "--manifest", "pins.json"])
        #expect(export.status == 0, "\(export.stderrText)")
        let lines = export.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { !$0.contains(caPin) }, "curl checks the leaf key only: no CA pin")
        #expect(export.stderrText.contains("skipped CA pin \(caPin)"))
        let good = try #require(lines.first { $0.hasSuffix("https://good.pinbench.test/") })
        #expect(good.contains("sha256//\(leafPin)"))
        let mitm = try #require(lines.first { $0.hasSuffix("https://mitm.pinbench.test/") })

        let port = try #require(lab.endpoint.split(separator: ":").last.map(String.init))
        func curl(_ line: String, host: String, _ extra: String) async throws -> ProcessRunner.Result {
            let command =
                line + " --connect-to \(host):443:127.0.0.1:\(port) --max-time 20 -sS -o /dev/null " + extra
            return try await OffPoolThread.run {
                try ProcessRunner.run("/bin/bash", ["-c", command], currentDirectory: folder.url, timeout: 60)
            }
        }
        let accepted = try await curl(good, host: "good.pinbench.test", "--cacert lab-root.pem")
        #expect(accepted.status == 0, "good must pass trust and the pin: \(accepted.stderrText)")
        // -k turns off curl's chain check, so only the pin stands between curl and the impostor.
        let refused = try await curl(mitm, host: "mitm.pinbench.test", "-k")
        #expect(refused.status == 90, "CURLE_SSL_PINNEDPUBKEYNOTMATCH expected: \(refused.stderrText)")
        #expect(refused.stderrText.contains("public key does not match pinned public key"))

        let strict = try await run(["export", "curl", "--manifest", "pins.json", "--strict"])
        #expect(strict.status == 1, "a CA pin curl cannot check fails --strict")
        _ = await lab.stop()
    }

    @Test("alamofire and afnetworking write DER .cer files beside --output; the pins they carry are the manifest's")
    func bundledCertificates() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        let (_, leafPin, caPin) = try await labManifest(lab)
        let missing = try await run(["export", "alamofire", "--manifest", "pins.json"])
        #expect(missing.status == 2)
        #expect(missing.stderrText.contains("--output"))

        for (format, file) in [("alamofire", "Trust.swift"), ("afnetworking", "Trust.m")] {
            let out = TemporaryFolder()
            let result = try await run([
                "export", format, "--manifest", "pins.json", "--chain", "good.pem", "--output", out.path(file),
            ])
            #expect(result.status == 0, "\(result.stderrText)")
            let names = try FileManager.default.contentsOfDirectory(atPath: out.url.path).filter {
                $0.hasSuffix(".cer")
            }
            #expect(names.count == 2, "the leaf and the CA certificate of good: \(names)")
            var pins: Set<String> = []
            for name in names {
                let pem = try OpenSSLCLI.run(["x509", "-inform", "DER", "-in", out.path(name)])
                pins.insert(try OpenSSLCLI.spkiPin(certificatePEM: String(decoding: pem, as: UTF8.self)))
            }
            #expect(pins == [leafPin, caPin])
            let text = try #require(out.read(file))
            for name in names { #expect(text.contains(String(name.dropLast(4)))) }
            // mitm's genuine pins have no certificate in good.pem: named as not carried.
            #expect(result.stderrText.contains("mitm.pinbench.test"))
            #expect(result.stderrText.contains("left out"))
        }
        _ = await lab.stop()
    }

    @Test("validate --report writes an RFC 7469 report for a pin failure and nothing for an acceptance")
    func validateReport() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        let (_, leafPin, caPin) = try await labManifest(lab)
        let accepted = try await run([
            "validate", "--host", "good.pinbench.test", "--chain", "good.pem", "--manifest", "pins.json",
            "--ca-bundle", "lab-root.pem", "--report", "accepted.json",
        ])
        #expect(accepted.status == 0, "\(accepted.stdoutText)")
        #expect(folder.read("accepted.json")?.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")

        // good's chain presented for mitm.pinbench.test: the wrong host, under mitm's pins.
        let rejected = try await run([
            "validate", "--host", "mitm.pinbench.test", "--chain", "good.pem", "--manifest", "pins.json",
            "--ca-bundle", "lab-root.pem", "--report", "rejected.json",
        ])
        #expect(rejected.status == 1)
        let reports = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("rejected.json"))))
                as? [[String: Any]])
        let report = try #require(reports.first)
        #expect(reports.count == 1)
        #expect(report["hostname"] as? String == "mitm.pinbench.test")
        #expect(report["noted-hostname"] as? String == "mitm.pinbench.test")
        #expect(report["port"] as? Int == 443)
        #expect(report["include-subdomains"] as? Bool == false)
        #expect(report["effective-expiration-date"] is NSNull)
        #expect((report["served-certificate-chain"] as? [String])?.count == 2)
        #expect(
            (report["served-certificate-chain"] as? [String])?.first?.hasPrefix("-----BEGIN CERTIFICATE-----") == true)
        let known = try #require(report["known-pins"] as? [String])
        #expect(known.count == 3)  // mitm's genuine leaf and intermediate keys, and the demo's spare key
        #expect(known.allSatisfy { $0.hasPrefix("pin-sha256=\"") && $0.hasSuffix("=\"") })
        #expect(!known.contains("pin-sha256=\"\(leafPin)\""), "good's leaf key is not one of mitm's pins")
        #expect(known.contains("pin-sha256=\"\(caPin)\""), "mitm's backup is the lab's issuing CA, good's CA")
        #expect(report["date-time"] is String)

        // check --report: every domain of the lab live; mitm's impostor chain is a rejection under its pins.
        let check = try await run([
            "check", "--manifest", "lab.json", "--ca-bundle", "lab-root.pem", "--timeout", "5", "--report",
            "check.json",
        ])
        #expect(check.status == 1)
        let checked = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("check.json"))))
                as? [[String: Any]])
        let hosts = Set(checked.compactMap { $0["hostname"] as? String })
        #expect(hosts.contains("mitm.pinbench.test"))
        #expect(!hosts.contains("good.pinbench.test"), "good is accepted: no report")
        _ = await lab.stop()
    }

    @Test("ats --ats-exceptions: the exception keys each lab server needs, read back with PropertyListSerialization")
    func atsExceptionKeysFromLiveConnections() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        let export = try await run(["export", "ats", "--ats-exceptions", "--manifest", "lab.json", "--timeout", "5"])
        #expect(export.status == 0, "\(export.stderrText)")
        let plist = try #require(
            PropertyListSerialization.propertyList(from: Data(export.stdoutText.utf8), format: nil)
                as? [String: Any])
        let security = try #require(plist["NSAppTransportSecurity"] as? [String: Any])
        #expect(security["NSPinnedDomains"] is [String: Any])
        let exceptions = try #require(security["NSExceptionDomains"] as? [String: [String: Any]])
        let tls11 = try #require(exceptions["tls11.pinbench.test"])
        #expect(tls11["NSExceptionMinimumTLSVersion"] as? String == "TLSv1.1")
        #expect(tls11["NSIncludesSubdomains"] as? Bool == false)
        #expect(tls11.count == 2)
        // weak: TLS 1.2 with an RSA key-exchange suite ATS admits without forward secrecy, and a SHA-1 leaf.
        let weak = try #require(exceptions["weak.pinbench.test"])
        #expect(weak["NSExceptionRequiresForwardSecrecy"] as? Bool == false)
        #expect(weak["NSExceptionAllowsInsecureHTTPLoads"] as? Bool == true)
        #expect(exceptions["good.pinbench.test"] == nil, "good meets ATS: it needs no exception")
        #expect(export.stderrText.contains("slow.pinbench.test: no live connection"))
        _ = lab

        let plain = try await run(["export", "ats", "--manifest", "lab.json"])
        #expect(!plain.stdoutText.contains("NSExceptionDomains"), "exception keys only on request")
        let wrongFormat = try await run(["export", "okhttp", "--ats-exceptions", "--manifest", "lab.json"])
        #expect(wrongFormat.status == 64 || wrongFormat.status == 2)
        #expect(wrongFormat.stderrText.contains("--ats-exceptions goes with the ats format"))
    }
}
