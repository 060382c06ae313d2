import DemoLab
import Foundation
import PinningCore
import TestSupport

/// The demo lab's manifest written to a temporary folder and its anchors loaded, as `pinbench` loads a manifest's
/// anchors: what the live tests judge the running lab against.
struct LabManifestFixture {
    let folder = TemporaryFolder()
    let document: ManifestDocument
    let anchors: TrustAnchors

    init(_ lab: RunningLab) throws {
        document = try LabManifestWriter.write(lab, to: folder.url.appendingPathComponent("lab.json")).document
        var anchors = TrustAnchors()
        try anchors.add(manifestAnchors: document.manifest.trustAnchors, relativeTo: folder.url)
        self.anchors = anchors
    }

    /// The core's validator for the lab's manifest and anchors.
    var validator: PinValidator { PinValidator(manifest: document.manifest, trustAnchors: anchors) }
}
