import Foundation
import ManifestEditing
import ManifestFiles
import PinExport
import PinningCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The one rule for where a file may be written (``OutputTarget``), on real files: inputs by any name, companions,
/// the kind of file a report replaces, and the key folder opened once.
@Suite("output targets")
struct OutputTargetTests {
    let folder = TemporaryFolder()

    /// The code of the refusal `body` throws, nil when it writes.
    func refusal(_ body: () throws -> Void) -> OutputFileError.Code? {
        do {
            try body()
            return nil
        } catch let error as OutputFileError {
            return error.code
        } catch {
            Issue.record("not an OutputFileError: \(error)")
            return nil
        }
    }

    @Test("an input is refused by its path, a symbolic link and a hard link; a new or unrelated file is not")
    func inputsByAnyName() throws {
        let manifest = folder.write("pins.json", "{}")
        folder.write("other.txt", "x")
        #expect(symlink(manifest, folder.path("link.json")) == 0)
        #expect(link(manifest, folder.path("hard.json")) == 0)
        let inputs = [InputFile(manifest, what: "manifest")]
        for name in ["pins.json", "link.json", "hard.json"] {
            #expect(refusal { _ = try OutputTarget.check(folder.path(name), inputs: inputs) } == .isInput)
            #expect(
                refusal {
                    try OutputFileWriter.write(
                        Data("lost".utf8), to: folder.path(name), replacing: true, inputs: inputs)
                } == .isInput)
        }
        #expect(folder.read("pins.json") == "{}")
        #expect(try !OutputTarget.check(folder.path("new.json"), inputs: inputs).exists)
        #expect(try OutputTarget.check(folder.path("other.txt"), inputs: inputs).exists)
    }

    @Test("a folder, a device and a FIFO are not output files")
    func notRegularFiles() throws {
        #expect(mkfifo(folder.path("fifo"), 0o600) == 0)
        for path in [folder.url.path, "/dev/null", folder.path("fifo")] {
            #expect(refusal { _ = try OutputTarget.check(path, inputs: []) } == .notRegularFile, "\(path)")
        }
    }

    @Test("the main file of an export is never one of its companions, existing or new; nothing is written")
    func companionIsMain() throws {
        let certificate = ExportedFile(name: "pinbench-0011.cer", contents: [0x30, 0x03, 0x02, 0x01, 0x01])
        #expect(
            refusal {
                try ExportFileWriter.write(
                    Array("code".utf8), companions: [certificate], to: folder.path("pinbench-0011.cer"),
                    replacing: true)
            } == .isCompanion)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        folder.write("pinbench-0011.cer", Data(certificate.contents))
        #expect(symlink(folder.path("pinbench-0011.cer"), folder.path("Trust.swift")) == 0)
        #expect(
            refusal {
                try ExportFileWriter.write(
                    Array("code".utf8), companions: [certificate], to: folder.path("Trust.swift"), replacing: true)
            } == .isCompanion)
        #expect(FileManager.default.contents(atPath: folder.path("pinbench-0011.cer")) == Data(certificate.contents))
    }

    @Test("a report file is an array of objects with every RFC 7469 field, or an empty array")
    func reportRecognised() {
        let fields = [
            "date-time", "hostname", "port", "effective-expiration-date", "include-subdomains", "noted-hostname",
            "served-certificate-chain", "validated-certificate-chain", "known-pins",
        ]
        let entry = "{" + fields.map { "\"\($0)\": null" }.joined(separator: ", ") + "}"
        #expect(PinFailureReport.isReportFile(Array("[]".utf8)))
        #expect(PinFailureReport.isReportFile(Array("[\(entry), \(entry)]".utf8)))
        for other in ["{}", "[{}]", "[\(entry), 1]", "hello", "", "[", #"{"schema": 1, "domains": []}"#] {
            #expect(!PinFailureReport.isReportFile(Array(other.utf8)), "\(other)")
        }
    }

    @Test("a key folder swapped for a link after it was opened still receives the key; the link's target does not")
    func keyFolderSwappedForLink() throws {
        let keys = folder.path("keys")
        let elsewhere = folder.path("elsewhere")
        try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
        let opened = try BackupKeyFolder(URL(fileURLWithPath: keys))
        // The swap an attacker with write access to the parent folder makes while an RSA key is generated.
        #expect(rename(keys, folder.path("moved")) == 0)
        #expect(symlink(elsewhere, keys) == 0)
        let key = try BackupKey.generate(for: try HostName("a.test"), algorithm: .p256)
        _ = try BackupKeyFiles.write(key, to: opened)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        let moved = try FileManager.default.contentsOfDirectory(atPath: folder.path("moved")).sorted()
        #expect(moved == [key.fileNames.request, key.fileNames.key].sorted())
        var info = stat()
        let found = stat(folder.path("moved") + "/" + key.fileNames.key, &info) == 0
        #expect(found && info.st_mode & 0o777 == 0o600, "the private key is mode 0600")
        // A link given as the folder is refused outright.
        #expect(throws: BackupKeyError(.folderIsLink, reason: "")) { try BackupKeyFolder(URL(fileURLWithPath: keys)) }
    }
}
