import FieldReports
import Foundation
import LabPKI
import PinningCore
import ReportCollector
import ReportStore
import TestSupport
import Testing
import Workbench

@testable import WorkbenchRuntime

/// The Reports view's reader on a real SQLite file that the real collector wrote (reports posted with curl): the
/// selected host's counts and latest reports with their chains, the total, and the files it must not touch (a missing
/// database is not created, a file that is not one is left as it was).
@Suite(
    "WorkbenchRuntime: the report database as the Reports view reads it",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "needs curl"))
struct ReportsReaderTests {
    let pki = TestPKI.shared

    func post(_ chain: [IssuedCertificate], to url: String, version: String, folder: TemporaryFolder) async throws {
        let object: [String: Any] = [
            "app-bundle-id": "com.example.app", "app-version": version, "app-platform": "IOS",
            "hostname": pki.host, "date-time": Timestamp.format(Date()),
            "validated-certificate-chain": chain.map(\.pem),
            "known-pins": ["pin-sha256=\"\(Fixtures.spki(pki.good.leaf))\""], "validation-result": 1,
        ]
        let file = folder.write("body-\(UUID().uuidString).json", try JSONSerialization.data(withJSONObject: object))
        let result = try await OffPoolThread.run {
            try ProcessRunner.run(
                "/usr/bin/curl",
                ["-sS", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "60", "--data-binary", "@" + file, url],
                timeout: 90)
        }
        #expect(result.stdoutText == "200", "\(result.stderrText)")
    }

    @Test("counts per judgement and release, the latest first with their chains, and the total")
    func readsWhatTheCollectorStored() async throws {
        let folder = TemporaryFolder()
        let database = folder.url.appendingPathComponent("reports.db")
        let manifest = PinManifest(domains: [
            DomainPolicy(host: pki.host, pins: [Pin(type: .spkiSHA256, value: Fixtures.spki(pki.good.leaf))])
        ])
        let run = try await CollectorRun.start(
            settings: CollectorSettings(listen: try ListenAddress("127.0.0.1:0")), databasePath: database.path,
            manifest: manifest, releases: [], trustAnchors: TrustAnchors(certificates: [pki.root.certificate]))
        for _ in 0..<3 { try await post(pki.impostor.presented, to: run.url, version: "4.1", folder: folder) }
        try await post(pki.good.full, to: run.url, version: "4.1", folder: folder)
        let disk = await ReportsReader.read(database, host: pki.host)
        guard case .loaded(let path, let total, let reports) = disk else {
            Issue.record("not loaded: \(disk)")
            await run.stop()
            return
        }
        #expect(path == database.path)
        #expect(total == 4)
        #expect(reports.host == pki.host)
        let interception = try #require(reports.groups.first { $0.judgement == .interception })
        #expect(interception.occurrences == 3 && interception.distinct == 1 && interception.release == nil)
        #expect(reports.groups.contains { $0.judgement == .clientFault && $0.occurrences == 1 })
        // Newest first: the accepted chain came last.
        #expect(reports.latest.map(\.summary.judgement) == [.clientFault, .interception])
        #expect(reports.latest[1].summary.count == 3)
        #expect(reports.latest[1].chain.map(\.der) == pki.impostor.presented.map(\.der))
        #expect(reports.latest[0].chain.map(\.der) == pki.good.full.map(\.der))
        // Another host has none; the database is the same.
        guard case .loaded(_, 4, let other) = await ReportsReader.read(database, host: "other.pinbench.test") else {
            Issue.record("another host's read failed")
            await run.stop()
            return
        }
        #expect(other.groups.isEmpty && other.latest.isEmpty)
        await run.stop()
    }

    @Test("a missing or empty file is a hint (and stays as it was); a file that is not a database says why")
    func missingAndUnreadable() async throws {
        let folder = TemporaryFolder()
        let missing = folder.url.appendingPathComponent("reports.db")
        #expect(await ReportsReader.read(missing, host: pki.host) == .missing(path: missing.path))
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        let empty = URL(fileURLWithPath: folder.write("empty.db", Data()))
        #expect(await ReportsReader.read(empty, host: pki.host) == .missing(path: empty.path))
        #expect(try Data(contentsOf: empty).isEmpty)
        let text = "not a database\n"
        let other = URL(fileURLWithPath: folder.write("notes.db", text))
        guard case .unreadable(let path, let why) = await ReportsReader.read(other, host: pki.host) else {
            Issue.record("a text file read as a database")
            return
        }
        #expect(path == other.path && !why.isEmpty)
        #expect(try String(contentsOf: other, encoding: .utf8) == text)
        #expect(ReportsReader.url(besideManifest: URL(fileURLWithPath: "/x/pins.json")).path == "/x/reports.db")
    }
}
