import Foundation
import PinningCore
import Workbench

/// The workbench's fetch seam as `--chains` chooses it: `HOST.pem` files of a folder when one is given (offline, for
/// tests and demos), else the live probe within `deadline`.
public enum WorkbenchFetch {
    public static func make(
        chainsFolder: String?, deadline: Duration, anchors: TrustAnchors
    ) -> @Sendable (FetchRequest) async -> Result<FetchedChain, FetchFailure> {
        if let chainsFolder { return OfflineChainFetch.make(folder: URL(fileURLWithPath: chainsFolder)) }
        return LiveChainFetch.make(deadline: deadline, anchors: anchors)
    }
}
