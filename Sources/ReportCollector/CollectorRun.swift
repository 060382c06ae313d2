import FieldReports
import Foundation
import PinForecast
import PinningCore
import ReleaseHistory
import ReportStore

/// A running collector: the database, the judge, the writer and the HTTP server, started together and stopped
/// together. `pinbench collect` and the tests start it the same way.
public final class CollectorRun: Sendable {
    public let server: CollectorServer
    public let database: ReportDatabase
    public let writer: ReportWriter
    public let judge: ReportJudge
    public let settings: CollectorSettings
    /// True when it serves HTTPS.
    public let secure: Bool

    private init(
        server: CollectorServer, database: ReportDatabase, writer: ReportWriter, judge: ReportJudge,
        settings: CollectorSettings, secure: Bool
    ) {
        self.secure = secure
        self.server = server
        self.database = database
        self.writer = writer
        self.judge = judge
        self.settings = settings
    }

    /// Opens `databasePath` (a file or a `postgres://` URL) and starts serving, over HTTPS with `tls`. `releases` are
    /// the releases file's, their pins read; `logged` what the CT watch's state holds (nil: no CT evidence).
    public static func start(
        settings: CollectorSettings, databasePath: String, store: StoreSettings = StoreSettings(),
        manifest: PinManifest, releases: [Release], trustAnchors: TrustAnchors, logged: LoggedCertificates? = nil,
        tls: CollectorTLS? = nil
    ) async throws -> CollectorRun {
        let database = try await ReportDatabase.open(path: databasePath, settings: store)
        let writer = ReportWriter(database: database)
        let judge = ReportJudge(manifest: manifest, releases: releases, trustAnchors: trustAnchors, logged: logged)
        let intake = ReportIntake(reader: FieldReportReader(limits: settings.limits), judge: judge, writer: writer)
        do {
            let server = try await CollectorServer.start(settings: settings, intake: intake, tls: tls)
            return CollectorRun(
                server: server, database: database, writer: writer, judge: judge, settings: settings,
                secure: tls != nil)
        } catch {
            await database.close()
            throw CollectorInputError(
                "--listen \(settings.listen.host):\(settings.listen.port): cannot listen there "
                    + "(\(String(describing: error).terminalSafe))")
        }
    }

    /// The address reports are posted to.
    public var url: String {
        let host = settings.listen.host.contains(":") ? "[\(settings.listen.host)]" : settings.listen.host
        return "\(secure ? "https" : "http")://\(host):\(server.port)/"
    }

    /// Stops serving, then closes the database: every report acknowledged was committed before its answer.
    public func stop() async {
        await server.stop()
        await database.close()
    }

    /// The releases in the releases file beside `manifest`, each with its pins read (as the forecast reads them);
    /// none when there is no releases file.
    public static func releases(besideManifest manifest: URL) throws -> [Release] {
        let loader = ReleaseLoader(manifest: manifest)
        return try loader.list().releases.map { try loader.release($0) }
    }
}
