import Foundation
import LabPKI
import PinForecast
import PinningCore
import Synchronization
import TestSupport
import Workbench

/// The workbench's Forecast view at scale: 10,000 domains, each serving a real chain (a wildcard leaf under a lab CA,
/// so every domain has today's verified path and every scenario is judged), and 200 shipped releases of four
/// distinct pin sets. A frame is update and view, as on a key press: opening the view (`F`) and moving to the next
/// domain (`→`) draw at once with what the state holds; the forecast itself is computed off the loop and its
/// answer is drawn in a frame of its own. The baseline, in the same run: moving in the Domains pane with no overlay,
/// on the same state (every domain fetched, so the Certificate pane under the view shows each one's leaf).
enum ForecastViewBenchmarks {
    struct Figures {
        /// `F` pressed, view drawn (the domain's forecast already kept, or not yet).
        var open = Samples()
        /// `→` pressed in the view, view drawn.
        var move = Samples()
        /// The computed forecast taken in and drawn: the frame that shows the matrix.
        var answer = Samples()
        /// The background computation per domain (not a frame).
        var compute = Samples()
        var baseline = Samples()
    }

    static func measure(releases releaseCount: Int, domains: Int, moves: Int, size: Size) throws -> Figures {
        let (chain, anchors) = try wildcardChain()
        let judge = ForecastJudge(trustAnchors: anchors)
        let base = BenchmarkManifest.make(domains: domains)
        let releases = (0..<releaseCount).map { index in
            Release(
                name: "\(index / 10).\(index % 10)", share: 100 / Double(releaseCount),
                manifest: variant(index % 4, of: base))
        }
        var state = WorkbenchState(document: BenchmarkManifest.document(domains: domains), size: size, now: Date())
        _ = state.apply(
            .releasesOnDisk(.loaded(path: "/tmp/releases.json", book: ReleaseBook(releases), problems: [])))
        for domain in base.domains {
            let fetched = FetchedChain(certificates: chain, fetchedAt: Date())
            _ = state.apply(.fetchCompleted(host: domain.host, result: .success(fetched)))
        }
        var figures = Figures()
        for index in 0..<(moves + moves / 10) {
            let warm = index < moves / 10
            let key: Key = index % 20 == 0 ? .character("F") : .right
            if key == .character("F"), case .forecast = state.overlay { _ = state.apply(.key(.escape)) }
            var start = Clock.now()
            var effects = state.apply(.key(key))
            var frame = WorkbenchProgram.view(state)
            let keyFrame = Clock.milliseconds(since: start)
            precondition(frame.size == size)
            if !warm { key == .right ? figures.move.append(keyFrame) : figures.open.append(keyFrame) }
            while case .forecast(let request)? = effects.first {
                start = Clock.now()
                let outlook = blocking { await ForecastOutlook.compute(request, judge: judge) }
                if !warm { figures.compute.append(Clock.milliseconds(since: start)) }
                precondition(
                    outlook.forecast.scenarios.count == 6, "every scenario must be judged, or it measures less")
                start = Clock.now()
                effects = state.apply(.forecastComputed(outlook))
                frame = WorkbenchProgram.view(state)
                if !warm { figures.answer.append(Clock.milliseconds(since: start)) }
                precondition(frame.text.contains("LOCKED"), "the view must draw the matrix")
            }
        }
        _ = state.apply(.key(.escape))
        figures.baseline = InMemoryKeyToFrame.measure(state, moves)
        return figures
    }

    /// A chain every benchmark host accepts (`*.bench.example`) with the root it ends at.
    private static func wildcardChain() throws -> ([ChainCertificate], TrustAnchors) {
        let root = try CertificateIssuer.root(commonName: "Bench Root", key: .p256)
        let intermediate = try CertificateIssuer.intermediate(commonName: "Bench CA", key: .p256, issuer: root)
        let leaf = try CertificateIssuer.leaf(
            commonName: "*.bench.example", dnsNames: ["*.bench.example"], issuer: intermediate)
        let chain = IssuedChain(leaf: leaf, intermediates: [intermediate], root: root)
        return (chain.presentedChain, TrustAnchors(certificates: [root.certificate]))
    }

    /// The four pin sets of the releases: as is, without the backup pins, report-only, lapsed.
    private static func variant(_ kind: Int, of base: PinManifest) -> PinManifest {
        var manifest = base
        for index in manifest.domains.indices {
            switch kind {
            case 1: manifest.domains[index].pins.removeLast()
            case 2: manifest.domains[index].mode = .reportOnly
            case 3: manifest.domains[index].expires = CalendarDay("2026-01-01")
            default: break
            }
        }
        return manifest
    }

    /// Runs `work` on the cooperative pool and waits for it: the benchmark's loop is synchronous, as the session's is.
    private static func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let value = await work()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}
