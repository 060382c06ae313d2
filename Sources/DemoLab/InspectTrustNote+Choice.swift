import Foundation
import ManifestFiles
import PinningCore

extension InspectTrustNote {
    /// The note for a chain judged with `trust` under `document`: the manifest counts as read when its file exists
    /// (a missing default pins.json is judged as an empty manifest).
    public init(trust: TrustChoice, document: ManifestDocument) {
        self.init(
            bundlePath: trust.bundlePath, bundleSource: trust.bundleSource,
            manifestAnchors: document.manifest.trustAnchors, manifestURL: document.url,
            manifestWasRead: FileManager.default.fileExists(atPath: document.url.path))
    }
}
