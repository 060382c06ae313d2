import Foundation
import ManifestLint
import PinningCore
import Testing

/// The lint gate in front of every write: errors refuse the write unless overridden, and either way the user is
/// told which hosts an app shipping the manifest could lock out.
@Suite("Lint gate")
struct LintGateDecisionTests {
    let url = URL(fileURLWithPath: "/nonexistent/app/pins.json")

    func pin(_ byte: UInt8, role: PinRole = .active) -> Pin {
        Pin(type: .spkiSHA256, value: Data(repeating: byte, count: 32).base64EncodedString(), role: role)
    }

    @Test("an enforced domain with one pin is refused, naming the host; the override warns instead")
    func errorsRefuseUnlessOverridden() throws {
        let manifest = PinManifest(domains: [DomainPolicy(host: "api.example.com", pins: [pin(1)])])
        let refused = LintGateDecision(manifest, writingTo: url, allowErrors: false)
        let count = counted(refused.errors.count, "lint error")
        #expect(!refused.errors.isEmpty)
        #expect(
            refused.refusal
                == "refusing to write /nonexistent/app/pins.json: \(count); an app shipping this manifest may lock its "
                + "users out of api.example.com. Fix them, or re-run with --allow-lint-errors to write anyway.")
        #expect(refused.overrideWarning == nil)
        let allowed = LintGateDecision(manifest, writingTo: url, allowErrors: true)
        #expect(allowed.refusal == nil)
        #expect(
            allowed.overrideWarning
                == "warning: writing despite lint errors (--allow-lint-errors): an app shipping this manifest may "
                + "lock its users out of api.example.com.")
        #expect(allowed.findings == refused.findings)
    }

    @Test("a manifest without lint errors passes with neither a refusal nor a warning")
    func cleanPasses() {
        let manifest = PinManifest(domains: [
            DomainPolicy(host: "api.example.com", pins: [pin(1), pin(2, role: .backup)])
        ])
        let decision = LintGateDecision(manifest, writingTo: url, allowErrors: false)
        #expect(decision.errors.isEmpty)
        #expect(decision.refusal == nil && decision.overrideWarning == nil)
    }
}
