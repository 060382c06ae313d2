import ChainProbe
import Foundation
import PinningCore
import Workbench

/// The workbench's fetch seam backed by the live OpenSSL probe: one request, one deadline-bound handshake.
public enum LiveChainFetch {
    /// A fetch function for `WorkbenchServices`; `deadline` bounds dial and handshake together. OpenSSL builds its
    /// chain against exactly the anchors the core trusts (as `inspect` does), so the workbench's "built chain" and
    /// the verdict agree on which anchors exist.
    public static func make(
        deadline: Duration, anchors: TrustAnchors
    ) -> @Sendable (FetchRequest) async -> Result<FetchedChain, FetchFailure> {
        let prober = ChainProber()
        let options = ProbeOptions(deadline: deadline, anchors: anchors)
        return { request in
            let target: ProbeTarget
            do {
                target = try ProbeTarget(host: request.host, port: request.port, connect: request.connect)
            } catch {
                return .failure(FetchFailure(.invalidTarget, detail: "\(error)"))
            }
            switch await prober.probe(target, options: options) {
            case .failure(let failure):
                return .failure(FetchFailure(failure))
            case .success(let result):
                do {
                    return .success(
                        FetchedChain(
                            certificates: try result.sentCertificates(),
                            connection: result.connection,
                            fetchedAt: Date()
                        )
                    )
                } catch {
                    return .failure(FetchFailure(.undecodableChain, detail: "\(error)"))
                }
            }
        }
    }
}

extension FetchFailure {
    /// A probe's failure as the workbench keeps it: the probe's code as a kind, its step and its reason.
    public init(_ failure: ProbeFailure) {
        self.init(Self.kind(failure.code), phase: failure.phase, detail: failure.reason)
    }

    private static func kind(_ code: ProbeFailure.Code) -> Kind {
        switch code {
        case .nameNotResolved: return .nameNotResolved
        case .connectionRefused: return .connectionRefused
        case .timedOut: return .timedOut
        case .connectionReset, .connectionClosed: return .connectionLost
        case .tlsAlert, .notTLS, .tlsFailure: return .tlsFailure
        case .chainTooLarge: return .chainTooLarge
        case .invalidTarget: return .invalidTarget
        case .cancelled: return .cancelled
        case .other: return .other
        }
    }
}
