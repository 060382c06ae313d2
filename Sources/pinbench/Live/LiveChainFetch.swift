import ChainProbe
import Foundation
import PinningCore
import Workbench

/// The workbench's fetch seam backed by the live OpenSSL probe: one request, one deadline-bound handshake.
enum LiveChainFetch {
    /// A fetch function for `WorkbenchServices`; `deadline` bounds dial and handshake together. OpenSSL builds its
    /// chain against exactly the anchors the core trusts (as `inspect` does), so the workbench's "built chain" and
    /// the verdict agree on which anchors exist.
    static func make(
        deadline: Duration, anchors: TrustAnchors
    ) -> @Sendable (FetchRequest) async -> Result<FetchedChain, FetchFailure> {
        let prober = ChainProber()
        let options = ProbeOptions(deadline: deadline, anchors: anchors)
        return { request in
            let target: ProbeTarget
            do {
                target = try ProbeTarget(host: request.host, port: request.port, connect: request.connect)
            } catch {
                return .failure(FetchFailure("\(error)"))
            }
            switch await prober.probe(target, options: options) {
            case .failure(let failure):
                return .failure(FetchFailure(failure.description))
            case .success(let result):
                do {
                    return .success(
                        FetchedChain(
                            certificates: try result.sentCertificates(),
                            connection: try result.connectionFacts(),
                            fetchedAt: Date()
                        )
                    )
                } catch {
                    return .failure(FetchFailure("\(error)"))
                }
            }
        }
    }
}
