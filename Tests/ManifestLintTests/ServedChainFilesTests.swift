import LabPKI
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// `--served HOST=FILE` and `--planned HOST=FILE` read: each chain file by its normalized host, in the order given,
/// and every value that names no host, or a host twice, refused in words.
@Suite("Served chain files")
struct ServedChainFilesTests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    @Test("each HOST=FILE read by its normalized host, in the order given")
    func read() throws {
        let good = folder.write("good.pem", pki.good.presented.map(\.pem).joined())
        let leaf = folder.write("leaf.pem", pki.good.leaf.pem)
        let entries = try ServedChainFiles.read(["API.Example.com=\(good)", "b.example=\(leaf)"], option: "--served")
        #expect(entries.map(\.host) == ["api.example.com", "b.example"])
        #expect(
            entries[0].chain.map(\.details.spkiPin)
                == pki.good.presented.map { CertificateDetails($0.certificate).spkiPin })
        #expect(entries[1].chain.count == 1)
    }

    @Test("files named for many hosts, alternating: each host gets its own file's chain")
    func sharedFiles() throws {
        let good = folder.write("good.pem", pki.good.presented.map(\.pem).joined())
        let leaf = folder.write("leaf.pem", pki.good.leaf.pem)
        let values = (0..<40).map { "h\($0).example=\($0 % 2 == 0 ? good : leaf)" }
        let entries = try ServedChainFiles.read(values, option: "--served")
        #expect(entries.map(\.host) == (0..<40).map { "h\($0).example" })
        for (index, entry) in entries.enumerated() {
            let expected = index % 2 == 0 ? pki.good.presented.map(\.der) : [pki.good.leaf.der]
            #expect(entry.chain.map(\.der) == expected, "\(entry.host)")
        }
    }

    @Test("no '=', no host, a host twice, not a host: each refused naming the option")
    func refusals() throws {
        let file = folder.write("leaf.pem", pki.good.leaf.pem)
        func message(_ values: [String]) -> String? {
            #expect(throws: ServedChainFilesError.self) { try ServedChainFiles.read(values, option: "--planned") }
            do {
                _ = try ServedChainFiles.read(values, option: "--planned")
                return nil
            } catch let error as ServedChainFilesError {
                return error.message
            } catch {
                return nil
            }
        }
        #expect(message(["a.example"]) == "--planned a.example: expected HOST=FILE")
        #expect(message(["=\(file)"]) == "--planned =\(file): expected HOST=FILE")
        #expect(
            message(["a.example=\(file)", "A.example=other.pem"])
                == "--planned names a.example twice (\(file) and other.pem); give the one chain it serves")
        #expect(message(["https://a.example/=\(file)"])?.isEmpty == false)
    }

    @Test("a chain file that cannot be read is the decoder's error, not a served chain")
    func unreadable() {
        #expect(throws: CertificateDecodingError.self) {
            try ServedChainFiles.read(["a.example=\(folder.path("missing.pem"))"], option: "--served")
        }
    }
}
