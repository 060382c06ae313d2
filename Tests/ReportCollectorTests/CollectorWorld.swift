import FieldReports
import Foundation
import LabPKI
import PinForecast
import PinningCore
import ReportCollector
import ReportStore
import TestSupport

@testable import CTWatch

/// A collector's world on disk: the lab's root as the only trusted CA, a manifest pinning the good leaf's key, the CT
/// watch's state beside it having found the rotated leaf in a log (so its rejection is a lockout, not `suspicious`),
/// and bodies as TrustKit sends them.
final class CollectorWorld: @unchecked Sendable {
    // @unchecked: immutable after init.
    let pki = TestPKI.shared
    let folder = TemporaryFolder()
    let rootPath: String
    let manifestPath: String
    var database: String { folder.path("reports.db") }
    /// Where the in-process collector stores: ``database`` (SQLite) unless ``make(_:)`` chose PostgreSQL.
    private(set) var store: StoreTarget?
    var location: String { store?.location ?? database }

    /// A world whose collector stores in `backend`.
    static func make(_ backend: StoreBackend) async throws -> CollectorWorld {
        let world = try CollectorWorld()
        world.store = try await backend.make(world.folder)
        return world
    }

    /// `query` answered by the store's own command line (`sqlite3` or `psql`), rows as `a|b` lines.
    func read(_ query: String) async throws -> String {
        if let store { return try await store(query) }
        return try await Self.sqlite(database, query)
    }

    init() throws {
        rootPath = folder.write("root.pem", pki.root.pem)
        let manifest = """
            {"schema": 1, "domains": [{"host": "\(pki.host)", "pins": [
              {"type": "spki-sha256", "value": "\(Fixtures.spki(pki.good.leaf))", "role": "active"},
              {"type": "spki-sha256", "value": "\(Data(repeating: 7, count: 32).base64EncodedString())", "role": "backup"}]}]}
            """
        manifestPath = folder.write("pins.json", manifest)
        _ = folder.write(WatchState.fileName, watchState.encoded())
    }

    /// What a watch keeps after finding the rotated leaf (the certificate's issuer, serial and key, as it spells them).
    var watchState: WatchState {
        let leaf = pki.rotated.leaf.certificate
        let finding = CTFinding(
            log: "Lab Log", index: 0, kind: .certificate, serial: leaf.serialNumber.description,
            issuer: leaf.issuer.opensslString, notBefore: leaf.notValidBefore, notAfter: leaf.notValidAfter,
            names: [pki.host], spkiPin: Fixtures.spki(pki.rotated.leaf), issuerSPKIPin: nil, verdicts: [],
            found: Date())
        return WatchState(findings: [finding])
    }

    var manifest: PinManifest {
        PinManifest(domains: [
            DomainPolicy(host: pki.host, pins: [Pin(type: .spkiSHA256, value: Fixtures.spki(pki.good.leaf))])
        ])
    }

    var anchors: TrustAnchors { TrustAnchors(certificates: [pki.root.certificate]) }

    /// A TrustKit iOS report of `chain`, from app `version`, sent by a device of its own (a new `app-vendor-id`
    /// each call, as every device has its own: the same bytes posted twice would be one replayed report).
    func body(chain: [IssuedCertificate], version: String = "4.1", host: String? = nil, vendor: String? = nil) -> Data {
        let object: [String: Any] = [
            "app-bundle-id": "com.example.app", "app-version": version, "app-platform": "IOS",
            "app-vendor-id": vendor ?? UUID().uuidString, "trustkit-version": "3.0.3", "hostname": host ?? pki.host,
            "port": 443,
            "noted-hostname": pki.host, "include-subdomains": false, "enforce-pinning": true,
            "date-time": Timestamp.format(Date()), "validated-certificate-chain": chain.map(\.pem),
            "known-pins": ["pin-sha256=\"\(Fixtures.spki(pki.good.leaf))\""], "validation-result": 1,
        ]
        return try! JSONSerialization.data(withJSONObject: object)
    }

    /// Starts an in-process collector on 127.0.0.1 with `settings` changed by `adjust`.
    func start(
        store: StoreSettings = .underLoad(), tls: CollectorTLS? = nil,
        adjust: (inout CollectorSettings) -> Void = { _ in }
    ) async throws -> CollectorRun {
        var settings = CollectorSettings(listen: try ListenAddress("127.0.0.1:0", tls: tls != nil))
        adjust(&settings)
        return try await CollectorRun.start(
            settings: settings, databasePath: location, store: store, manifest: manifest, releases: [],
            trustAnchors: anchors, logged: LoggedCertificates(watchState), tls: tls)
    }

    /// `curl` posting `body` to `url`: the status code and the answer's body.
    static func curl(
        _ url: String, body: Data, method: String = "POST", extra: [String] = []
    ) async throws
        -> (status: Int, text: String)
    {
        let folder = TemporaryFolder()
        let file = folder.write("body.json", body)
        let result = try await OffPoolThread.run {
            try ProcessRunner.run(
                "/usr/bin/curl",
                [
                    "-sS", "-X", method, "-H", "Content-Type: application/json", "--data-binary", "@" + file, "-w",
                    "\n%{http_code}", "--max-time", "60",
                ] + extra + [url],
                timeout: 90)
        }
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? -1, lines.dropLast().joined(separator: "\n"))
    }

    /// `sqlite3 -batch file query`.
    static func sqlite(_ path: String, _ query: String) async throws -> String {
        let result = try await OffPoolThread.run {
            try ProcessRunner.run("/usr/bin/sqlite3", ["-batch", path, query], timeout: 30)
        }
        return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static var hasTools: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")
    }
}

extension StoreSettings {
    /// `base` with deadlines for a machine running the whole suite at once: there a PostgreSQL query waited past the
    /// store's own deadline and failed tests that judge something else.
    static func underLoad(_ base: StoreSettings = StoreSettings()) -> StoreSettings {
        var settings = base
        settings.connectTimeout = .seconds(120)
        settings.queryTimeout = .seconds(300)
        return settings
    }
}
