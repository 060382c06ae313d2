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
                target = try ProbeTarget(request)
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

extension ProbeTarget {
    /// The probe target of a workbench fetch request (host for SNI, `connect` for the dial).
    init(_ request: FetchRequest) throws(ProbeFailure) {
        guard (1...65_535).contains(request.port) else {
            throw ProbeFailure.invalidTarget("port \(request.port) is outside 1...65535")
        }
        var endpoint: ProbeEndpoint?
        if let connect = request.connect {
            guard let parsed = ProbeEndpoint(parsing: connect, defaultPort: UInt16(request.port)) else {
                throw ProbeFailure.invalidTarget("connect address \(connect) is not HOST:PORT")
            }
            endpoint = parsed
        }
        self.init(host: request.host, port: UInt16(request.port), connect: endpoint)
    }
}
