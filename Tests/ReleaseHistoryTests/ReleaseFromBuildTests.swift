import Foundation
import PinForecast
import PinningCore
import ReleaseHistory
import TestSupport
import Testing

/// `release add --from BUILD`'s choices and refusals: which words name a build, and a build that cannot be read
/// leaving the releases file as it was. (Builds made by `aapt` and `plistlib` are added through the binary in
/// BuildScanTests' `ReleaseFromBuildCommandTests`, where their helpers live.)
@Suite("Release from a build: choices and refusals")
struct ReleaseFromBuildTests {
    @Test("a word ending in .apk, .ipa or .app names a build, in any case; other words do not")
    func artifactWords() {
        for word in ["app.apk", "out/App.IPA", "build/Release-iphoneos/App.app", "App.app/", "/tmp/x.Apk"] {
            #expect(ReleaseFromBuild.isArtifact(word), "\(word)")
        }
        for word in [".apk", "v4.1", "pins.json", "apk", "app.apk.json", "HEAD", "/"] {
            #expect(!ReleaseFromBuild.isArtifact(word), "\(word)")
        }
    }

    @Test("a build needs no NAME; a revision or file still does; a build name the candidate holds is refused")
    func choices() throws {
        let first = try ReleaseAddition.Source.chosen(
            name: nil, from: "app.apk", shipped: "2026-05-02", share: 12, tags: nil)
        guard case .build(let name, let artifact, let shipped, let share) = first else {
            Issue.record("not a build")
            return
        }
        #expect(name == nil && artifact == "app.apk" && shipped == "2026-05-02" && share == 12)
        let named = try ReleaseAddition.Source.chosen(name: "4.1", from: "App.ipa", shipped: nil, share: nil, tags: nil)
        guard case .build(let given, _, _, _) = named else {
            Issue.record("not a build")
            return
        }
        #expect(given == "4.1")
        #expect(throws: ReleaseAdditionError.self) {
            try ReleaseAddition.Source.chosen(name: nil, from: "v4.1", shipped: nil, share: nil, tags: nil)
        }
        #expect(throws: ReleaseAdditionError.self) {
            try ReleaseAddition.Source.chosen(name: "next", from: "app.apk", shipped: nil, share: nil, tags: nil)
        }
    }

    @Test("an artifact that cannot be read, or with --path or --format, is refused and nothing is written")
    func refusals() throws {
        let folder = TemporaryFolder()
        let loader = ReleaseLoader(manifest: folder.url.appendingPathComponent("pins.json"))
        let junk = folder.write("junk.apk", "not a zip archive at all")
        let cases: [(ReleaseAddition, String)] = [
            (
                ReleaseAddition(
                    .build(name: "4.1", artifact: folder.path("absent.apk"), shipped: nil, share: nil),
                    path: nil, format: .manifest), "absent.apk: cannot be opened"
            ),
            (
                ReleaseAddition(
                    .build(name: "4.1", artifact: junk, shipped: nil, share: nil), path: nil, format: .manifest),
                "junk.apk"
            ),
            (
                ReleaseAddition(
                    .build(name: "4.1", artifact: junk, shipped: nil, share: nil), path: "x", format: .manifest),
                "--path and --format"
            ),
            (
                ReleaseAddition(.build(name: "4.1", artifact: junk, shipped: nil, share: nil), path: nil, format: .ats),
                "--path and --format"
            ),
        ]
        for (addition, words) in cases {
            do {
                _ = try addition.run(loader)
                Issue.record("accepted")
            } catch let error as HistoryError {
                #expect(error.message.contains(words), "\(error.message)")
            }
            #expect(!FileManager.default.fileExists(atPath: loader.releasesFile.path))
        }
    }

    @Test("a release read from the releases file says where its pins came from, as the list shows it")
    func pinsFrom() throws {
        let folder = TemporaryFolder()
        let loader = ReleaseLoader(manifest: folder.url.appendingPathComponent("pins.json"))
        folder.write("old.json", ManifestCodec.encode(PinManifest()))
        folder.write(
            "TrustKit.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>TSKPinnedDomains</key><dict/></dict></plist>
            """)
        #expect(try loader.release(ReleaseEntry(name: "4.1", source: .file("old.json"))).pinsFrom == "old.json")
        let trustkit = ReleaseEntry(name: "4.0", source: .file("TrustKit.plist"), format: .trustkit)
        #expect(try loader.release(trustkit).pinsFrom == "TrustKit.plist (trustkit)")
    }
}
