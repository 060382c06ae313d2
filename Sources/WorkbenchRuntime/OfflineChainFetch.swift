import Foundation
import PinningCore
import Workbench

/// The workbench's fetch seam served from `HOST.pem` files: offline chains for tests, demos and air-gapped reviews.
public enum OfflineChainFetch {
    public static func make(folder: URL) -> @Sendable (FetchRequest) async -> Result<FetchedChain, FetchFailure> {
        return { request in
            let url = folder.appendingPathComponent(request.host + ".pem")
            do {
                let chain = try CertificateChainDecoder.decode(contentsOf: url)
                return .success(FetchedChain(certificates: chain, fetchedAt: Date()))
            } catch {
                return .failure(FetchFailure(.noChainFile, detail: "\(url.lastPathComponent): \(error)"))
            }
        }
    }
}
