import DemoLab
import Foundation
import ManifestFiles
import PinForecast
import PinningCore
import TestSupport
import Testing

/// The files `pinbench lab` and `pinbench demo` write for a running lab, on real files in a temporary folder.
@Suite("The lab's and the demo's files", .serialized)
struct LabFilesTests {
    @Test(
        "the lab root and log list are named after the manifest, with -lab once",
        arguments: [
            ("lab.json", "lab-root.pem", "lab-ct-logs.json"),
            ("pins.json", "pins-lab-root.pem", "pins-lab-ct-logs.json"),
            ("MyLab.json", "MyLab-root.pem", "MyLab-ct-logs.json"),
        ])
    func companions(_ manifest: String, _ root: String, _ logList: String) {
        let folder = URL(fileURLWithPath: "/tmp/x")
        let files = LabManifestWriter.companions(of: folder.appendingPathComponent(manifest))
        #expect(files.root.path == "/tmp/x/\(root)")
        #expect(files.ctLogList.path == "/tmp/x/\(logList)")
    }

    @Test("--write-manifest writes the manifest, the root it names, the log list and the releases; they read back")
    func writeBesideManifest() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let folder = TemporaryFolder()
        let manifest = folder.url.appendingPathComponent("lab.json")
        #expect(try LabFiles.existingManifest(at: manifest.path, force: false) == nil)
        let files = try LabFiles.write(lab, manifest: manifest, existing: nil, replacing: false)
        #expect(files.temporaryFolder == nil)
        #expect(files.root.lastPathComponent == "lab-root.pem")
        let document = try ManifestStore.load(manifest)
        #expect(document.manifest.trustAnchors == ["lab-root.pem"])
        #expect(document.manifest.domains.count == lab.scenarios.count)
        #expect(try String(contentsOf: files.root, encoding: .utf8) == lab.rootPEM)
        #expect(try CTLogList.read(path: files.ctLogList.path).logs.count == lab.ctLogList.logs.count)
        let releases = LabReleasesWriter.files(besideManifest: manifest)
        let list = try #require(try ManifestStore.loadIfPresent(ReleaseList.self, at: releases.list))
        #expect(list.releases.map(\.name) == RunningLab.demoReleaseNames)
        #expect(releases.manifests.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })

        // A second lab at the same path is refused without --force, and replaces only a manifest with it.
        #expect(throws: LabFilesError.self) { try LabFiles.existingManifest(at: manifest.path, force: false) }
        #expect(try LabFiles.existingManifest(at: manifest.path, force: true)?.url == manifest)
        let other = folder.write("notes.json", "my notes")
        let otherFolder = TemporaryFolder()
        let copied = otherFolder.url.appendingPathComponent("notes.json")
        try FileManager.default.copyItem(atPath: other, toPath: copied.path)
        #expect {
            try LabFiles.existingManifest(at: copied.path, force: true)
        } throws: { error in
            "\(error)".hasPrefix("--force replaces only a pin manifest, and \(copied.path) is not one")
        }
        #expect(try String(contentsOf: copied, encoding: .utf8) == "my notes")
    }

    @Test("without a manifest, the root and log list go to a temporary folder that remove() takes away")
    func temporaryFolder() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let files = try LabFiles.write(lab, manifest: nil, existing: nil, replacing: false)
        let folder = try #require(files.temporaryFolder)
        #expect(FileManager.default.fileExists(atPath: files.root.path))
        #expect(FileManager.default.fileExists(atPath: files.ctLogList.path))
        files.remove()
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("the banner names where the lab listens, its process, its root and every scenario, as commands that run")
    func banner() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let lines = LabBanner(
            lab: lab, rootPath: "/tmp/a b/lab-root.pem", logListPath: "/tmp/lab-ct-logs.json", manifestPath: nil,
            processID: 4242
        ).lines
        #expect(lines[0] == "PinBench demo lab listening on \(lab.endpoint) (loopback only). Ctrl-C stops it.")
        #expect(lines[1].hasPrefix("Lab PID: 4242   kill -USR1 4242 switches rotating."))
        #expect(lines.last == "ready")
        for scenario in lab.scenarios {
            #expect(lines.contains { $0.hasPrefix("  " + scenario.host) && $0.hasSuffix(scenario.expectation) })
        }
        // A path with a space is quoted once, as a shell word.
        #expect(lines.contains { $0.contains("--ca-bundle '/tmp/a b/lab-root.pem'") })
        #expect(!lines.contains { $0.contains("pinbench check --manifest") })
    }

    @Test("a second demo replaces an earlier demo's files and refuses anything else in the way")
    func earlierDemo() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let folder = TemporaryFolder()
        let manifest = folder.url.appendingPathComponent("demo-pins.json")
        let hint = "Choose another path."
        let none = try EarlierDemoFiles.find(besideManifest: manifest, domain: lab.domain, hint: hint)
        #expect(none.manifest == nil && none.paths.isEmpty)

        let target = try DemoTarget.choose(manifest: manifest.path, earlier: none)
        #expect(target.temporaryFolder == nil)
        var written: [URL] = []
        let (document, anchors) = try target.write(lab, written: &written)
        #expect(written.count == 2 + RunningLab.demoReleaseNames.count + 1)
        #expect(!anchors.sources.isEmpty)
        #expect(document.url == manifest)

        let earlier = try EarlierDemoFiles.find(besideManifest: manifest, domain: lab.domain, hint: hint)
        #expect(earlier.manifest != nil)
        #expect(Set(earlier.paths) == Set(written.map(\.path)))

        // A release file that is not the demo's is refused, and kept as it is.
        let release = LabReleasesWriter.files(besideManifest: manifest).manifests[0]
        try Data("{}".utf8).write(to: release)
        #expect {
            try EarlierDemoFiles.find(besideManifest: manifest, domain: lab.domain, hint: hint)
        } throws: { error in
            "\(error)" == "\(release.path) exists and is not one of the files an earlier demo wrote; the demo replaces "
                + "only its own files. \(hint)"
        }
        #expect(try String(contentsOf: release, encoding: .utf8) == "{}")

        // Removing what a failed demo wrote beside --manifest takes exactly those files.
        target.remove(written)
        #expect(written.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
    }

    @Test("without --manifest, the demo writes to a new temporary folder, removed whole")
    func temporaryDemo() throws {
        let target = try DemoTarget.choose(manifest: nil, earlier: nil)
        let folder = try #require(target.temporaryFolder)
        #expect(target.manifest == folder.appendingPathComponent("demo-pins.json"))
        #expect(FileManager.default.fileExists(atPath: folder.path))
        target.remove([])
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
