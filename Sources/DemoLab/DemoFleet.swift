import CTWatch
import FieldReports
import Foundation
import ManifestFiles
import PinForecast
import PinningCore
import ReportCollector
import ReportStore

/// The demo's field: a real collector (`pinbench collect`'s) on 127.0.0.1 storing into `reports.db` beside the demo
/// manifest, judging with the demo's releases and what the CT watch found in the lab's logs, and the lab's simulated
/// fleet posting its reports to it (``RunningLab/fleetReports(releases:now:)``). The workbench's Reports view (`V`)
/// then has something true to show offline.
public final class DemoFleet: Sendable {
    public let collector: CollectorRun
    public let reports: [FleetReport]
    /// The database the collector writes: where the workbench looks by default.
    public let database: URL

    private init(collector: CollectorRun, reports: [FleetReport], database: URL) {
        self.collector = collector
        self.reports = reports
        self.database = database
    }

    /// The database (`database`, else `reports.db` beside `manifest`), and its SQLite companions.
    public static func files(besideManifest manifest: URL, database: URL? = nil) -> [URL] {
        let database = database ?? manifest.deletingLastPathComponent().appendingPathComponent("reports.db")
        return [database] + ["-wal", "-shm"].map { URL(fileURLWithPath: database.path + $0) }
    }

    /// Runs a CT watch round over `logs` (the lab's) into the state file beside `manifest`, starts the collector on
    /// what it found (into `database`, else `reports.db` beside the manifest), and posts the fleet's reports, each
    /// acknowledged (200) or the start fails. An earlier demo's database beside the manifest is replaced when
    /// `replacing`; any other file in the way (a `database` named that exists among them) is refused and left as it is.
    public static func start(
        lab: RunningLab, manifest: URL, next: PinManifest, anchors: TrustAnchors, logs: [WatchedLog], replacing: Bool,
        database: URL? = nil
    ) async throws -> DemoFleet {
        let files = files(besideManifest: manifest, database: database)
        if files.contains(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            // Only the database beside an earlier demo's manifest is the demo's own: one named elsewhere never is.
            guard replacing, database == nil else {
                throw LabFilesError(
                    "\(files[0].path) exists: the demo's fleet writes its reports there. Choose another --manifest "
                        + "folder or --reports-db, or leave out --manifest for a temporary one.")
            }
            for file in files { try? FileManager.default.removeItem(at: file) }
        }
        do {
            return try await startChecked(
                lab: lab, manifest: manifest, next: next, anchors: anchors, logs: logs, database: files[0])
        } catch {
            // Nothing of a fleet that did not start stays behind.
            for file in files { try? FileManager.default.removeItem(at: file) }
            throw error
        }
    }

    private static func startChecked(
        lab: RunningLab, manifest: URL, next: PinManifest, anchors: TrustAnchors, logs: [WatchedLog], database: URL
    ) async throws -> DemoFleet {
        let releases = try CollectorRun.releases(besideManifest: manifest)
        let state = WatchState.url(besideManifest: manifest)
        let round = WatchSetup.round(
            logs: logs, store: DocumentFile(WatchState.self, at: state), next: next, releases: releases,
            fromNow: false, budget: 1_000, deadlines: WatchRound.Deadlines(perLog: .seconds(15), round: .seconds(30)))
        _ = await round.run { _ in }
        let logged = try ManifestStore.loadIfPresent(WatchState.self, at: state).map(LoggedCertificates.init)
        let collector = try await CollectorRun.start(
            settings: CollectorSettings(listen: try ListenAddress("127.0.0.1:0")), databasePath: database.path,
            manifest: next, releases: releases, trustAnchors: anchors, logged: logged)
        let reports = lab.fleetReports(releases: releases)
        for report in reports {
            for body in report.bodies {
                switch await FleetPoster.post(body, port: UInt16(collector.server.port)) {
                case .success(200): continue
                case .success(let status):
                    await collector.stop()
                    throw DemoLabError("the collector answered \(status) to the fleet's report (\(report.name))")
                case .failure(let error):
                    await collector.stop()
                    throw error
                }
            }
        }
        return DemoFleet(collector: collector, reports: reports, database: database)
    }

    /// Stops the collector; what it stored stays in ``database``.
    public func stop() async {
        await collector.stop()
    }

    /// ``start(lab:manifest:next:anchors:logs:replacing:database:)`` from a command's main thread, waiting for it.
    public static func startWaiting(
        lab: RunningLab, manifest: URL, next: PinManifest, anchors: TrustAnchors, logs: [WatchedLog], replacing: Bool,
        database: URL? = nil
    ) throws -> DemoFleet {
        let outcome = Waited<DemoFleet>()
        Task.detached {
            do {
                outcome.finish(
                    .success(
                        try await start(
                            lab: lab, manifest: manifest, next: next, anchors: anchors, logs: logs,
                            replacing: replacing, database: database)))
            } catch {
                outcome.finish(.failure(error))
            }
        }
        return try outcome.wait().get()
    }

    /// ``stop()`` from a command's main thread, waiting for it.
    public func stopWaiting() {
        let outcome = Waited<Void>()
        Task.detached {
            await self.stop()
            outcome.finish(.success(()))
        }
        _ = outcome.wait()
    }
}

/// A result another task hands to a waiting thread.
private final class Waited<Value>: @unchecked Sendable {
    // @unchecked: `result` is written once before `done` is signalled and read only after the wait.
    private var result: Result<Value, any Error>?
    private let done = DispatchSemaphore(value: 0)

    func finish(_ result: Result<Value, any Error>) {
        self.result = result
        done.signal()
    }

    func wait() -> Result<Value, any Error> {
        done.wait()
        return result!
    }
}
