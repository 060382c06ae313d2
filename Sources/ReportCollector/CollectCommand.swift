import ArgumentParser
import CTWatch
import FieldReports
import Foundation
import ManifestFiles
import PinningCore
import ReportStore

/// `pinbench collect`: parses its options into settings and runs a ``CollectorRun`` until Ctrl-C. It lives here,
/// beside what it runs, so that the executable (capped in lines) only lists it.
public struct CollectCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "collect", abstract: CollectHelp.abstract, discussion: CollectHelp.discussion)

    @Option(help: "Where to listen: HOST:PORT (127.0.0.1:8080; port 0 picks one); not loopback needs --tls-cert.")
    var listen: String
    @Option(help: "Where to store: an SQLite file (created when missing) or postgres://USER@HOST:PORT/NAME.")
    var db: String
    @Option(name: .customLong("tls-cert"), help: "Serve HTTPS with this certificate chain (PEM, leaf first).")
    var tlsCert: String?
    @Option(name: .customLong("tls-key"), help: "The private key (PEM) of --tls-cert.") var tlsKey: String?
    @Option(name: .shortAndLong, help: "The pin manifest (JSON); its releases file beside it. Default: pins.json.")
    var manifest: String?
    @Option(name: .customLong("ca-bundle"), help: "A PEM bundle of trusted roots instead of the system's.")
    var caBundle: String?
    @Flag(name: .customLong("no-system-trust"), help: "Trust only the manifest's trustAnchors (and --ca-bundle).")
    var noSystemTrust = false
    @Option(help: "Requests a second allowed per source address (0: no limit). Default: 20.") var rate: Double = 20
    @Flag(help: "Rate-limit loopback sources too (they are exempt by default).") var limitLoopback = false
    @Option(
        name: .customLong("watch-state"),
        help: "The CT watch's state (what it found logged). Default: ct-watch.json beside the manifest, if present.")
    var watchState: String?
    @Option(
        name: .customLong("trusted-proxy"),
        help: "Proxies (IP addresses, comma-separated) whose X-Forwarded-For names the client for the rate limits.")
    var trustedProxy: String?
    @Option(help: "Drop reports not seen for this many days. Default: 90.") var retentionDays: Int = 90
    @Option(help: "Keep at most this many distinct reports. Default: 1000000.") var maxReports: Int = 1_000_000
    @Option(help: "Keep at most this many MiB of reports and chains, as stored. Default: 1024.")
    var maxMegabytes: Int = 1_024

    public init() {}

    public func run() async throws {
        let tls: CollectorTLS?
        switch (tlsCert, tlsKey) {
        case (let cert?, let key?): tls = try CollectorTLS(certificatePath: cert, keyPath: key)
        case (nil, nil): tls = nil
        default: throw CollectorInputError("--tls-cert and --tls-key go together: give both, or neither")
        }
        let listen = try ListenAddress(self.listen, tls: tls != nil)
        guard rate.isFinite, rate >= 0, rate <= 1_000_000 else {
            throw CollectorInputError("--rate \(rate): give requests a second from 0 (no limit) to 1000000")
        }
        guard (1...36_500).contains(retentionDays) else {
            throw CollectorInputError("--retention-days \(retentionDays): give 1 to 36500 days")
        }
        guard maxReports > 0 else { throw CollectorInputError("--max-reports \(maxReports): give 1 or more") }
        guard (1...(1 << 24)).contains(maxMegabytes) else {
            throw CollectorInputError("--max-megabytes \(maxMegabytes): give 1 to 16777216")
        }
        let url = URL(fileURLWithPath: manifest ?? "pins.json")
        let document: ManifestDocument
        if manifest == nil, !FileManager.default.fileExists(atPath: url.path) {
            CommandLines.note("note: no manifest found (\(url.path)): reports are judged by default trust alone")
            document = ManifestDocument(manifest: PinManifest(), url: url, loadedFingerprint: nil)
        } else {
            document = try ManifestStore.load(url)
        }
        let trust = try TrustChoice(caBundle: caBundle, systemTrust: !noSystemTrust).anchors(for: document)
        // Without a watch state a rejected certificate no release pins is judged `suspicious` (CT unknown).
        let watchURL = watchState.map { URL(fileURLWithPath: $0) } ?? WatchState.url(besideManifest: url)
        guard watchState == nil || FileManager.default.fileExists(atPath: watchURL.path) else {
            throw CollectorInputError("--watch-state \(watchURL.path): no such file")
        }
        let logged = try ManifestStore.loadIfPresent(WatchState.self, at: watchURL).map(LoggedCertificates.init)
        var settings = CollectorSettings(
            listen: listen, ratePerSecond: rate > 0 ? rate : nil, rateBurst: max(1, rate * 2),
            exemptLoopback: !limitLoopback)
        if let trustedProxy { settings.trustedProxies = try ClientAddress.trustedProxies(trustedProxy) }
        let run = try await CollectorRun.start(
            settings: settings, databasePath: db,
            store: StoreSettings(
                retention: Double(retentionDays) * 86_400, maxReports: maxReports, maxBytes: maxMegabytes << 20),
            manifest: document.manifest, releases: try CollectorRun.releases(besideManifest: url),
            trustAnchors: trust.anchors, logged: logged, tls: tls)
        CommandLines.print(["collecting on \(run.url) into \(run.database.path)"])
        let signals = SignalStop { Task { await run.server.stop() } }
        try await run.server.waitUntilStopped()
        signals.cancel()
        await run.database.close()
        CommandLines.print(["stopped: \(await run.writer.committed) reports stored"])
    }
}

/// Stops the collector on SIGINT and SIGTERM instead of ending the process mid-commit.
final class SignalStop {
    private let sources: [any DispatchSourceSignal]

    init(_ stop: @escaping @Sendable () -> Void) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}

/// Lines to stdout and notes to stderr, each made terminal-safe, stdout flushed (a script waits for the first line).
enum CommandLines {
    static func print(_ lines: [String]) {
        for line in lines { Swift.print(line.terminalSafe) }
        fflush(nil)
    }

    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text.terminalSafe + "\n").utf8))
    }
}
