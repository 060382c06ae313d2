import Foundation
import PinningCore
import TestSupport
import Testing

/// Real files of every awkward kind: each is refused with its own code and words, none blocks or exhausts memory.
@Suite("Reading user files")
struct BoundedFileReaderTests {
    let folder = TemporaryFolder()

    func read(_ name: String, limit: Int = 1 << 20) throws(FileReadError) -> Data {
        try BoundedFileReader.read(folder.url.appendingPathComponent(name), limit: limit, what: "chain file")
    }

    func expectRefusal(_ name: String, limit: Int = 1 << 20, _ code: FileReadError.Code, saying words: String) {
        do {
            _ = try read(name, limit: limit)
            Issue.record("\(name) was read")
        } catch {
            #expect(error.code == code)
            #expect(error.reason.contains(words), "\(error.reason)")
            #expect(!error.description.contains("NSCocoaErrorDomain"))
            #expect(!error.description.contains("could not be completed"))
        }
    }

    @Test("a regular file is read whole, an empty one as no bytes")
    func regularFile() throws {
        folder.write("chain.pem", String(repeating: "x", count: 70_000))
        #expect(try read("chain.pem").count == 70_000)
        folder.write("empty.pem", "")
        #expect(try read("empty.pem").isEmpty)
    }

    @Test("a file at the limit is read; one byte over is refused naming the limit")
    func sizeLimit() throws {
        folder.write("exact.pem", String(repeating: "a", count: 4096))
        #expect(try read("exact.pem", limit: 4096).count == 4096)
        folder.write("over.pem", String(repeating: "a", count: 4097))
        expectRefusal("over.pem", limit: 4096, .tooLarge, saying: "4 KiB")
    }

    @Test("a sparse file of 8 GiB is refused from its size, before any reading")
    func sparseHugeFile() throws {
        let url = folder.url.appendingPathComponent("huge.pem")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 8 << 30)
        try handle.close()
        expectRefusal("huge.pem", .tooLarge, saying: "1 MiB")
    }

    @Test("missing files, folders and symlink loops get their own words")
    func missingAndFolders() throws {
        expectRefusal("missing.pem", .notFound, saying: "no such file")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("dir"), withIntermediateDirectories: true)
        expectRefusal("dir", .isFolder, saying: "is a folder")
        folder.write("file.pem", "x")
        expectRefusal("file.pem/inner", .notFound, saying: "not a folder")
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("a").path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("b").path, withDestinationPath: "a")
        expectRefusal("a", .symlinkLoop, saying: "symbolic links")
    }

    @Test("a FIFO with no writer and a character device are refused at once, not read")
    func pipesAndDevices() throws {
        let fifo = folder.url.appendingPathComponent("fifo.pem").path
        #expect(mkfifo(fifo, 0o600) == 0)
        expectRefusal("fifo.pem", .notRegularFile, saying: "not a regular file")
        do {
            _ = try BoundedFileReader.read(URL(fileURLWithPath: "/dev/zero"), limit: 1 << 20, what: "manifest")
            Issue.record("/dev/zero was read")
        } catch {
            #expect(error.code == .notRegularFile)
        }
    }
}
