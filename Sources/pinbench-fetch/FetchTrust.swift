import Foundation
import PinningCore

/// The trust anchors, as the CLI builds them: the system bundle (or `--ca-bundle`) plus the manifest's anchors.
enum FetchTrust {
    static func anchors(for document: ManifestDocument, caBundle: String?) throws -> TrustAnchors {
        var anchors = TrustAnchors()
        let bundle = caBundle ?? TrustAnchors.systemBundlePath
        do {
            if let bundle {
                try anchors.add(
                    contentsOf: URL(fileURLWithPath: bundle), parsing: caBundle == nil ? .whenLookedUp : .immediately)
            }
            try anchors.add(
                manifestAnchors: document.manifest.trustAnchors, relativeTo: document.url.deletingLastPathComponent())
        } catch {
            throw FetchFailure("trust anchors: \(error)")
        }
        return anchors
    }
}
