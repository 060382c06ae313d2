import Foundation
import TestSupport
import Testing

@testable import BuildScan

/// The bounds a scan keeps where real builds are large or folders change under it: an executable past the 64 MiB
/// read per entry scans within its own stated bound (``ScanLimits/executableBytes``); a file of an unpacked app
/// swapped for a symbolic link after the folder was listed is refused, never followed out of it.
@Suite("Scan: large executables and swapped links", .enabled(if: MachOBuild.toolsPresent, "needs llvm-objdump"))
struct ScanBoundsTests {
    @Test("an executable of 70 MiB scans, its pin found past 64 MiB; past the executable bound, an error naming it")
    func largeExecutable() async throws {
        let image = try await HostileIPATests.image()
        let pin = "sha256/" + IPAScanTests.pinB
        var executable = image
        executable += [UInt8](repeating: 0, count: (70 << 20) - image.count)
        let pinOffset = executable.count
        executable += Array(pin.utf8) + [0]
        let scanner = HostileIPATests()
        let report = try scanner.scan(executable: executable)
        let found = try #require(report.findings.first { $0.kind == .pin && $0.value == pin })
        #expect(found.location.offset == pinOffset && pinOffset > 64 << 20)
        #expect(found.location.entry == HostileIPATests.executable)

        var limits = ScanLimits()
        limits.executableBytes = 1 << 20
        #expect(throws: ScanError(.limit, entry: HostileIPATests.executable, "")) {
            try scanner.scan(executable: executable, limits: limits)
        }
        // Any other entry keeps the 64 MiB per entry: the executable's bound is for executables only.
        limits = ScanLimits()
        limits.entryBytes = 1 << 10
        let small = try scanner.scan(executable: image, limits: limits)
        #expect(small.findings.contains { $0.value == "sha256/" + IPAScanTests.pinA })
    }

    @Test("a pin string repeated 100,000 times keeps one place: known from another slice, or kept past the limit")
    func repeatedPinStrings() {
        let pin = "sha256/" + IPAScanTests.pinB
        let other = "sha256/" + IPAScanTests.pinA
        let copies = 100_000
        var bytes: [UInt8] = []
        for _ in 0..<copies { bytes += Array(pin.utf8) + [0] }
        bytes += Array(other.utf8) + [0]
        // Named in an earlier slice: its first place here is enough to name this slice.
        let known = MachOPins.pinStrings(bytes, in: 0..<bytes.count, limit: 10, known: [pin])
        #expect(known.hits.filter { $0.value == pin }.count == 1, "\(known.hits.count) hits kept")
        #expect(known.hits.contains { $0.value == other } && known.omitted == 0)
        // A value that must never be hidden (a debugging proxy's key), past a limit of none: listed once, the
        // other copies counted as omitted with the rest.
        let kept = MachOPins.pinStrings(bytes, in: 0..<bytes.count, limit: 0, keeping: [pin])
        #expect(kept.hits.map(\.value) == [pin] && kept.hits.first?.offset == 0, "\(kept.hits.count) hits kept")
        #expect(kept.omitted == copies)
        // Below the limit nothing changes: every place is its own hit, as in a thin file.
        let listed = MachOPins.pinStrings(bytes, in: 0..<bytes.count, limit: copies + 1)
        #expect(listed.hits.count == copies + 1 && listed.omitted == 0)
    }

    @Test("a file or folder swapped for a link out of the app after listing is refused, not read")
    func swappedLinks() throws {
        let folder = TemporaryFolder()
        let app = folder.path("Demo.app")
        let outside = folder.path("outside")
        try FileManager.default.createDirectory(atPath: app + "/Sub", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let inside = Data("inside!".utf8)
        let secret = Data("secret!".utf8)
        #expect(inside.count == secret.count)
        try inside.write(to: URL(fileURLWithPath: app + "/a.der"))
        try inside.write(to: URL(fileURLWithPath: app + "/Sub/b.der"))
        try secret.write(to: URL(fileURLWithPath: outside + "/a.der"))
        try secret.write(to: URL(fileURLWithPath: outside + "/b.der"))
        let files = try FolderFiles(root: app, limits: ScanLimits())
        #expect(try files.read("a.der", maxBytes: nil) == Array(inside))
        #expect(try files.read("Sub/b.der", maxBytes: nil) == Array(inside))

        // The same size, so that only the link itself can give the swap away.
        try FileManager.default.removeItem(atPath: app + "/a.der")
        try FileManager.default.createSymbolicLink(atPath: app + "/a.der", withDestinationPath: outside + "/a.der")
        #expect(throws: ScanError(.unsupported, entry: "a.der", "")) { try files.read("a.der", maxBytes: nil) }
        try FileManager.default.removeItem(atPath: app + "/Sub")
        try FileManager.default.createSymbolicLink(atPath: app + "/Sub", withDestinationPath: outside)
        #expect(throws: ScanError(.unsupported, entry: "Sub/b.der", "")) { try files.read("Sub/b.der", maxBytes: nil) }
        // A FIFO in a file's place is refused, never waited on.
        try FileManager.default.removeItem(atPath: app + "/a.der")
        #expect(mkfifo(app + "/a.der", 0o600) == 0)
        #expect(throws: ScanError(.unreadable, entry: "a.der", "")) { try files.read("a.der", maxBytes: nil) }
    }
}
