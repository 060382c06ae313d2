import Foundation
import PinForecast
import PinningCore
import Testing

@testable import Workbench

/// Releases taken from app builds in the workbench: the Forecast view says where each one's pins came from (the
/// build, its version and hash) and which were found only by a code pattern; the Pins pane marks a pin the newest
/// shipped build lacks, in words.
@Suite struct BuildReleaseMarksTests {
    typealias F = WorkbenchFixture

    static let leafKey = CertificateDetails(F.good[0]).spkiPin
    static let caKey = CertificateDetails(F.good[1]).spkiPin
    static let codeKey = Data(repeating: 3, count: 32).base64EncodedString()

    /// Build 4.3 (shipped last) pins good on its leaf key (declared) and on a key found only in code; 4.0, an older
    /// build, pinned the CA key too.
    /// With `alsoChecked`, build 4.3's other mechanism (OkHttp in code) checks these pins too.
    static func releases(alsoChecked: [String] = []) -> [Release] {
        let declared = [ReleaseBuild.Place(entry: "res/xml/network_security_config.xml", certainty: .declared)]
        let code = [ReleaseBuild.Place(entry: "classes.dex", offset: 12, certainty: .codePattern)]
        func build(_ version: String, _ pins: [ReleaseBuild.FoundPin], also: [String] = []) -> ReleaseBuild {
            ReleaseBuild(
                artifact: "app-\(version).apk", sha256: String(repeating: "ab", count: 32), platform: "android",
                version: version, buildNumber: "43",
                domains: [
                    ReleaseBuild.Domain(
                        host: "good.pinbench.test", pins: pins,
                        alsoChecked: also.map { .init(pin: Pin(type: .spkiSHA256, value: $0), found: code) })
                ])
        }
        let new = build(
            "4.3",
            [
                .init(pin: Pin(type: .spkiSHA256, value: leafKey), found: declared),
                .init(pin: Pin(type: .spkiSHA256, value: codeKey), found: code),
            ], also: alsoChecked)
        let old = build(
            "4.0",
            [
                .init(pin: Pin(type: .spkiSHA256, value: leafKey), found: declared),
                .init(pin: Pin(type: .spkiSHA256, value: caKey), found: declared),
            ])
        return [
            Release(
                name: "4.3", shipped: CalendarDay("2026-10-01"), share: 40, manifest: new.manifest, build: new,
                pinsFrom: "build app-4.3.apk 4.3 (43), SHA-256 abababababab…"),
            Release(name: "4.0", shipped: CalendarDay("2026-01-01"), share: 60, manifest: old.manifest, build: old),
        ]
    }

    /// With `code`, the manifest also holds the key build 4.3 has only from a code pattern.
    static func manifest(code: Bool = false) -> PinManifest {
        var manifest = F.manifest()
        let index = manifest.indexOfDomain("good.pinbench.test")!
        manifest.domains[index].pins = [
            Pin(type: .spkiSHA256, value: leafKey, added: F.now),
            Pin(type: .spkiSHA256, value: caKey, role: .backup, added: F.now),
        ]
        if code { manifest.domains[index].pins.append(Pin(type: .spkiSHA256, value: codeKey, role: .backup)) }
        return manifest
    }

    func state(alsoChecked: [String] = [], code: Bool = false) async -> WorkbenchState {
        var state = F.state(size: Size(width: 160, height: 48), manifest: Self.manifest(code: code))
        let book = ReleaseBook(Self.releases(alsoChecked: alsoChecked))
        let loaded = ReleasesOnDisk.loaded(path: "/tmp/releases.json", book: book, problems: [])
        await F.run(state.apply(.releasesOnDisk(loaded)), on: &state)
        await F.press([.character("R"), .down], on: &state)
        return state
    }

    @Test func theForecastViewSaysWhichBuildEachReleaseCameFromAndMarksCodePatternPins() async {
        var state = await state()
        await F.press([.character("F")], on: &state)
        let text = WorkbenchProgram.view(state).text
        #expect(text.contains("4.3: pins from build app-4.3.apk 4.3 (43), SHA-256 abababababab…; found only by a"))
        #expect(text.contains("spki-sha256:" + Self.codeKey.prefix(20)))
        #expect(text.contains("4.0: pins from build app-4.0.apk 4.0 (43)"))
        // Where every release's pins were read from, under the releases file's line.
        let rows = text.split(separator: "\n")
        #expect(
            rows.contains {
                $0.contains("4.3: pins from build app-4.3.apk 4.3 (43), SHA-256 abababababab…") && !$0.contains("found")
            })
    }

    @Test func thePinsPaneMarksAPinTheNewestBuildLacks() async {
        var state = await state()
        await F.press([.character("4"), .down], on: &state)
        let text = WorkbenchProgram.view(state).text
        #expect(text.contains("✗ not in build 4.3: "), "the CA key is in 4.0's build, not in 4.3's")
        #expect(text.contains("✗ not in build 4.3, the newest shipped"))
        await F.press([.up], on: &state)
        let leaf = WorkbenchProgram.view(state).text
        #expect(leaf.contains("✓ in build 4.3, the newest shipped"))
        // Without a release from a build, nothing is marked.
        var plain = F.state(size: Size(width: 160, height: 48), manifest: Self.manifest())
        await F.press([.character("R"), .down, .character("4"), .down], on: &plain)
        #expect(!WorkbenchProgram.view(plain).text.contains("in build"))
    }

    @Test func thePinsPaneMarksAPinTheBuildChecksOnlyInAnotherMechanismOrOnlyByACodePattern() async {
        // The CA key: not in 4.3's declared set, but in the set its OkHttp code checks too.
        var shown = await state(alsoChecked: [Self.caKey], code: true)
        await F.press([.character("4"), .down], on: &shown)
        let also = WorkbenchProgram.view(shown).text
        #expect(also.contains("+ other check in build 4.3: "), "\(also)")
        #expect(also.contains("+ in build 4.3, the newest shipped, only in"), "\(also)")
        #expect(!also.contains("✗ not in build 4.3"))
        // The key 4.3 holds only from a code pattern: marked with the forecast's words, in the list and details.
        await F.press([.down], on: &shown)
        let code = WorkbenchProgram.view(shown).text
        #expect(code.contains("? code pattern in build 4.3: "), "\(code)")
        #expect(code.contains("? in build 4.3, the newest shipped; found only by a"), "\(code)")
        #expect(!code.contains("✓ in build 4.3"))
        // A pin in neither set is still missing.
        var plain = await state(code: true)
        await F.press([.character("4"), .down], on: &plain)
        #expect(WorkbenchProgram.view(plain).text.contains("✗ not in build 4.3, the newest shipped"))
    }
}
