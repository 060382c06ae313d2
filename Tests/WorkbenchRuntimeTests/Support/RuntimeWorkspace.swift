import Foundation
import LabPKI
import ManifestEditing
import ManifestFiles
import PinForecast
import PinningCore
import TestSupport
import Workbench
import WorkbenchRuntime

/// A manifest on disk in a temporary folder with its trust anchor file, and services that serve the shared test PKI's
/// good chain for its host (no network) and judge it with the real validator against that anchor.
struct RuntimeWorkspace {
    let folder = TemporaryFolder()
    let pki = TestPKI.shared

    /// `pins.json` naming `root.pem` as its only trust anchor, with the PKI's host pinned on its leaf key and its CA
    /// key as the backup.
    init() throws {
        folder.write("root.pem", pki.root.pem)
        let pins = [
            Pin(certificate: CertificateDetails(pki.good.leaf.certificate), level: 0, type: .spkiSHA256, added: Date()),
            Pin(
                certificate: CertificateDetails(pki.intermediate.certificate), level: 1, type: .spkiSHA256,
                role: .backup, added: Date()),
        ]
        let manifest = PinManifest(trustAnchors: ["root.pem"], domains: [DomainPolicy(host: pki.host, pins: pins)])
        folder.write("pins.json", ManifestCodec.encode(manifest))
    }

    var manifestURL: URL { folder.url.appendingPathComponent("pins.json") }

    /// The files the workbench reads, which no output may replace.
    var inputs: [InputFile] {
        [InputFile(manifestURL.path, what: "manifest"), InputFile(folder.path("root.pem"), what: "trust anchor file")]
    }

    /// The good chain for the PKI's host, a refused connection for any other; verdicts from ``PinValidator`` with the
    /// manifest's own trust anchor file, read as `pinbench` reads it.
    func services() throws -> WorkbenchServices {
        var anchors = TrustAnchors()
        try anchors.add(manifestAnchors: ["root.pem"], relativeTo: folder.url)
        let chains = [pki.host: pki.good.presentedChain]
        return WorkbenchServices(
            fetch: { request in
                guard let chain = chains[request.host] else {
                    return .failure(FetchFailure(.connectionRefused, detail: "connection refused"))
                }
                return .success(FetchedChain(certificates: chain, fetchedAt: Date()))
            },
            validate: WorkbenchServices.validation(trustAnchors: anchors),
            forecast: WorkbenchServices.forecasting(trustAnchors: anchors))
    }

    /// Opens the manifest as `pinbench workbench` does and runs a session on `screen` until the script quits it, on a
    /// thread of its own (the loop blocks as a terminal's does); returns the state it ended with.
    func runSession(
        on screen: ScriptedScreen, watch: WatchSchedule? = nil, services given: WorkbenchServices? = nil,
        around: SessionSurroundings = SessionSurroundings()
    ) async throws -> WorkbenchState {
        let document = try ManifestLoader.open(manifestURL)
        let services = try given ?? services()
        let inputs = inputs
        return try await OffPoolThread.run {
            let catalog = ThemeCatalog.shipped
            var state = WorkbenchState(
                document: document, size: screen.size, now: Date(), themeName: catalog.defaultTheme.name,
                themeNames: catalog.themes.map(\.name))
            let initial = state.fetchAll()
            let session = WorkbenchSession(
                screen: screen, catalog: catalog, state: state, services: services, inputs: inputs, watch: watch)
            // Every turn looks at the manifest file, so a change on disk shows up at the next read.
            session.diskCheckInterval = 0
            around.before()
            session.run(initialEffects: initial)
            around.after()
            return session.state
        }
    }

    /// Another writer (as `pinbench pin add` in another terminal) adds `host` to the manifest, under its lock.
    func addDomainFromOutside(_ host: String) throws {
        try ManifestStore.update(at: manifestURL) { manifest in manifest.domains.append(DomainPolicy(host: host)) }
    }

    /// What `stat` says of a file in the folder: its inode and permission bits.
    func stamp(_ name: String) -> (inode: UInt64, mode: UInt32)? {
        var info = stat()
        guard stat(folder.path(name), &info) == 0 else { return nil }
        return (UInt64(info.st_ino), UInt32(info.st_mode & 0o777))
    }

    /// The first recovery file's path: this session's unsaved edits, as an editor's swap file.
    var recoveryPath: String { folder.path(".pins.json.pinbench-recovery") }

    /// Names in the folder left by an interrupted atomic write (`.NAME.pinbench-tmp.PID.RANDOM`).
    func temporaryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains(".pinbench-tmp.") }
    }
}

/// What a test does on the session's thread just before the loop starts and just after it ends (e.g. hold the
/// cooperative pool for the whole session, and let it go before the test itself needs a pool thread again).
struct SessionSurroundings: Sendable {
    var before: @Sendable () -> Void = {}
    var after: @Sendable () -> Void = {}
}
