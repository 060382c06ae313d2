import ChainProbe
import Foundation
import PinningCore
import Workbench

/// The workbench's fetch seam backed by the live OpenSSL probe: one request, one deadline-bound handshake.
enum LiveChainFetch {
    /// A fetch function for `WorkbenchServices`; `deadline` bounds dial and handshake together.
    static func make(deadline: Duration) -> @Sendable (FetchRequest) async -> Result<FetchedChain, FetchFailure> {
        let prober = ChainProber()
        let options = ProbeOptions(deadline: deadline, useSystemTrustStore: false)
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
                            protocolVersion: result.protocolVersion,
                            cipher: result.cipherSuite,
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
