import Foundation
import LabPKI
import PinningCore
import TestSupport

/// A folder for `pinbench release` and `pinbench forecast`: the test PKI's chains (today's, a renewal with a new key,
/// an impostor's) and release manifests that pin them in every way that matters.
struct ForecastFixture {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()
    var host: String { pki.host }

    init() {
        folder.write("good.pem", pki.good.presentedPEM)
        folder.write("rotated.pem", pki.rotated.presentedPEM)
        folder.write("mitm.pem", pki.impostor.presentedPEM)
        folder.write("root.pem", pki.root.pem)
    }

    /// Trust only the test root, as every forecast and validate of these tests does.
    static let trust = ["--ca-bundle", "root.pem"]

    var leafKey: Pin { Pin(type: .spkiSHA256, value: CertificateDetails(pki.good.leaf.certificate).spkiPin) }
    var leafCert: Pin { Pin(type: .certSHA256, value: CertificateDetails(pki.good.leaf.certificate).certPin) }
    var caKey: Pin {
        Pin(type: .spkiSHA256, value: CertificateDetails(pki.intermediate.certificate).spkiPin, role: .backup)
    }

    /// The release manifests by file name: what each pins and how.
    var releaseManifests: [String: DomainPolicy] {
        [
            "leaf-only.json": DomainPolicy(host: host, pins: [leafKey]),
            "with-backup.json": DomainPolicy(host: host, pins: [leafKey, caKey]),
            "leaf-cert.json": DomainPolicy(host: host, pins: [leafCert]),
            "lapsed.json": DomainPolicy(host: host, expires: CalendarDay("2020-01-01"), pins: [leafCert]),
            "report.json": DomainPolicy(host: host, mode: .reportOnly, pins: [leafCert]),
        ]
    }

    /// Writes `policy` as the manifest `name`.
    func writeManifest(_ name: String, _ policy: DomainPolicy) {
        folder.write(name, ManifestCodec.encode(PinManifest(domains: [policy])))
    }

    /// The working manifest (the next release: leaf key and CA key) and the five shipped releases, with shares that
    /// add up to 100: leaf-only 30, leaf-cert 10, with-backup 50, lapsed 5, report 5.
    func shippedReleases() async throws {
        writeManifest("pins.json", DomainPolicy(host: host, pins: [leafKey, caKey]))
        let shares = [
            ("leaf-only", "30"), ("leaf-cert", "10"), ("with-backup", "50"), ("lapsed", "5"), ("report", "5"),
        ]
        for (name, share) in shares {
            writeManifest(name + ".json", releaseManifests[name + ".json"]!)
            let added = try await run(
                ["release", "add", name, "--from", name + ".json", "--share", share, "--shipped", "2026-01-15"])
            precondition(added.status == 0, added.stderrText)
        }
    }

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    /// `forecast --json` parsed; `extra` adds options.
    func forecastJSON(_ extra: [String]) async throws -> (status: Int32, report: [String: Any], stderr: String) {
        let result = try await run(["forecast", "--json"] + Self.trust + extra)
        let report = (try? JSONSerialization.jsonObject(with: result.stdout)) as? [String: Any] ?? [:]
        return (result.status, report, result.stderrText)
    }

    @discardableResult
    func git(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await GitCLI.run(arguments, in: folder.url)
    }
}

extension [String: Any] {
    /// The forecast JSON's first domain.
    var firstDomain: [String: Any] { (self["domains"] as? [[String: Any]])?.first ?? [:] }

    /// In a domain of the forecast JSON: the outcome of `release` under `scenario`.
    func outcome(_ release: String, _ scenario: String) -> String? {
        let rows = self["releases"] as? [[String: Any]] ?? []
        let row = rows.first { $0["name"] as? String == release }
        return ((row?["cells"] as? [String: Any])?[scenario] as? [String: Any])?["outcome"] as? String
    }

    /// In a domain of the forecast JSON: the percent of installs `scenario` locks out.
    func lockedOutPercent(_ scenario: String) -> Double? {
        ((self["lockedOut"] as? [String: Any])?[scenario] as? [String: Any])?["percent"] as? Double
    }
}
