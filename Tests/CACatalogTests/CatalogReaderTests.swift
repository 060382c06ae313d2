import CACatalog
import Foundation
import PinningCore
import TestSupport
import Testing

/// A catalog is trusted data for the forecast: whatever is wrong in a team's folder is refused with the file and
/// the reason, never skipped; the built-in one is what Catalog/ holds.
@Suite("CA catalog reader: bad catalogs refused")
struct CatalogReaderTests {
    /// The built-in Let's Encrypt files with `change` applied to its catalog.json text.
    func letsEncrypt(_ change: (inout String) -> Void = { _ in }) -> [String: String] {
        var files = CACatalogFixtures.letsEncryptFiles
        change(&files["letsencrypt/catalog.json"]!)
        return files
    }

    func refusal(_ files: [String: String]) -> CACatalogError? {
        do {
            _ = try CACatalog.read(from: CatalogFiles(files))
            return nil
        } catch {
            return error
        }
    }

    @Test("the built-in files, read back from memory, are accepted")
    func accepted() throws {
        #expect(refusal(letsEncrypt()) == nil)
    }

    @Test("an unknown field is refused with its JSON path, line and the known fields")
    func unknownField() throws {
        let error = try #require(
            refusal(letsEncrypt { $0 = $0.replacingOccurrences(of: "\"renewAt\"", with: "\"renewAfter\"") }))
        #expect(error.code == .invalidSchema)
        #expect(error.message.contains("renewAfter") && error.message.contains("known fields"), "\(error)")
    }

    @Test("a root that does not sign itself, a wrong replacement, a broken offered chain: each inconsistent")
    func inconsistent() throws {
        let notARoot = refusal(
            letsEncrypt {
                $0 = $0.replacingOccurrences(
                    of: #""label": "Root YR by ISRG Root X1", "role": "cross-sign""#,
                    with: #""label": "Root YR by ISRG Root X1", "role": "root""#)
            })
        #expect(notARoot?.code == .inconsistent && notARoot?.message.contains("signs itself") == true)
        let wrongReplacement = refusal(
            letsEncrypt {
                $0 = $0.replacingOccurrences(
                    of: #""replacedBy": "gen-y/root-yr-by-x1.pem""#, with: #""replacedBy": "gen-y/root-ye-by-x2.pem""#)
            })
        #expect(wrongReplacement?.code == .inconsistent, "\(String(describing: wrongReplacement))")
        let brokenChain = refusal(
            letsEncrypt {
                $0 = $0.replacingOccurrences(
                    of: #""served": ["gen-y/root-yr-by-x1.pem"]"#, with: #""served": ["gen-y/root-ye-by-x2.pem"]"#)
            })
        #expect(brokenChain?.code == .inconsistent && brokenChain?.message.contains("\"RSA\"") == true)
        let idMismatch = refusal(
            letsEncrypt { $0 = $0.replacingOccurrences(of: "\"id\": \"letsencrypt\"", with: "\"id\": \"other\"") })
        #expect(idMismatch?.code == .inconsistent && idMismatch?.message.contains("folder") == true)
    }

    @Test("lifetimes of 0 days, NaN and huge numbers, unordered steps, and a renewal fraction of 1 are refused")
    func badNumbers() throws {
        let cases: [(String, String)] = [
            (#"{ "days": 90 }"#, #"{ "days": 0 }"#),
            (#"{ "days": 90 }"#, #"{ "days": 1e400 }"#),
            (#"{ "days": 90 }"#, #"{ "days": 99999999999999999999 }"#),
            (#"{ "from": "2027-02-10", "days": 64 }"#, #"{ "from": "2029-02-10", "days": 64 }"#),
            (#""renewAt": 0.6667"#, #""renewAt": 1"#),
            (#""renewAt": 0.6667"#, #""renewAt": NaN"#),
            (#"{ "from": "2027-02-10", "days": 64 }"#, #"{ "from": "2027-02-30", "days": 64 }"#),
        ]
        for (from, to) in cases {
            let error = refusal(letsEncrypt { $0 = $0.replacingOccurrences(of: from, with: to) })
            #expect(error != nil, "accepted: \(to)")
            #expect(error?.code == .invalidSchema, "\(to): \(String(describing: error))")
        }
    }

    @Test("a profile's lifetime is read by the manifest's rule: its longest reads, one day more is refused alike")
    func lifetimeRange() throws {
        let longest = DomainIssuance.lifetimeDaysRange.upperBound
        let step = #"{ "days": 6 }"#
        #expect(letsEncrypt()["letsencrypt/catalog.json"]?.contains(step) == true)
        for days in [longest, longest + 1, DomainIssuance.lifetimeDaysRange.lowerBound - 1] {
            let error = refusal(letsEncrypt { $0 = $0.replacingOccurrences(of: step, with: "{ \"days\": \(days) }") })
            if let problem = DomainIssuance.lifetimeProblem(days) {
                #expect(
                    error?.code == .invalidSchema && error?.message.contains(problem) == true,
                    "\(days): \(String(describing: error))")
            } else {
                #expect(error == nil, "\(days): \(String(describing: error))")
            }
        }
    }

    @Test("a PEM file with two certificates, or none, or garbage, is an invalid certificate naming the file")
    func badCertificates() throws {
        let x1 = CACatalogFixtures.letsEncryptFiles["letsencrypt/roots/isrgrootx1.pem"]!
        for text in [x1 + x1, "", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"] {
            var files = letsEncrypt()
            files["letsencrypt/2024/r10.pem"] = text
            let error = refusal(files)
            #expect(
                error?.code == .invalidCertificate && error?.path == "letsencrypt/2024/r10.pem",
                "\(String(describing: error))")
        }
    }

    @Test("a folder catalog naming a file outside its folder is refused before anything is read")
    func climbingPath() throws {
        let folder = TemporaryFolder()
        for (path, text) in letsEncrypt() {
            let url = folder.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        #expect(throws: Never.self) { try CACatalog.read(from: CatalogFolder(folder.url)) }
        let catalog = folder.url.appendingPathComponent("letsencrypt/catalog.json")
        let text = try String(contentsOf: catalog, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"2024/r10.pem\"", with: "\"../../etc/r10.pem\"").utf8).write(
            to: catalog)
        let error = try #require(throws: CACatalogError.self) { try CACatalog.read(from: CatalogFolder(folder.url)) }
        #expect(error.code == .inconsistent && error.path.contains(".."), "\(error)")
    }

    @Test("a team's catalog cannot take the id of a built-in CA")
    func sameIdRefused() throws {
        let builtIn = try CACatalog.builtIn()
        let copy = try CACatalog.read(from: CatalogFiles(letsEncrypt()))
        let error = try #require(throws: CACatalogError.self) { try builtIn.adding(copy) }
        #expect(error.code == .inconsistent && error.message.contains("letsencrypt"))
    }

    @Test("the compiled-in Swift file is what scripts/generate-ca-catalog.py makes of Catalog/")
    func generatedInSync() throws {
        let script = PythonInterpreter.packageRoot.appendingPathComponent("scripts/generate-ca-catalog.py").path
        let result = try ProcessRunner.run("/usr/bin/env", ["python3", script, "--check"])
        #expect(result.status == 0, "\(result.stderrText)")
    }
}

enum CACatalogFixtures {
    /// The built-in catalog's Let's Encrypt files, as a folder would hold them.
    static let letsEncryptFiles: [String: String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Catalog/letsencrypt")
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        for case let url as URL in enumerator where !url.hasDirectoryPath {
            let relative = url.standardizedFileURL.path.replacingOccurrences(
                of: folder.standardizedFileURL.path + "/", with: "")
            files["letsencrypt/" + relative] = try? String(contentsOf: url, encoding: .utf8)
        }
        return files
    }()
}

@Suite("CA catalog folders that add nothing are refused")
struct CatalogFolderShapeTests {
    @Test("an empty folder, and one CA's own folder named instead of its parent, are refused saying which")
    func wrongFolder() throws {
        let folder = TemporaryFolder()
        let empty = try #require(throws: CACatalogError.self) { try CACatalog.read(from: CatalogFolder(folder.url)) }
        #expect(empty.code == .unreadable && empty.message.contains("holds no CA"), "\(empty)")
        folder.write("catalog.json", "{}")
        let oneCA = try #require(throws: CACatalogError.self) { try CACatalog.read(from: CatalogFolder(folder.url)) }
        #expect(oneCA.message.contains("one CA's folder"), "\(oneCA)")
    }
}

@Suite("CA catalog: an intermediate whose issuer is not proved")
struct CatalogForgedIssuerTests {
    @Test("an intermediate that names the catalog's root but was signed by another key (the impostor's) is refused")
    func forgedIntermediate() throws {
        let pki = TestPKI.shared
        let json = """
            { "format": 1, "id": "team", "name": "Team CA",
              "certificates": [
                { "file": "root.pem", "label": "Team Root", "role": "root", "status": "active" },
                { "file": "ca.pem", "label": "Team CA", "role": "intermediate", "status": "active" } ],
              "profiles": [ { "name": "x", "lifetimes": [ { "days": 90 } ] } ] }
            """
        let forged = pki.impostor.intermediates[0]
        #expect(forged.certificate.issuer == pki.root.certificate.subject, "the impostor names the same issuer")
        let error = try #require(throws: CACatalogError.self) {
            try CACatalog.read(
                from: CatalogFiles([
                    "team/catalog.json": json, "team/root.pem": pki.root.pem, "team/ca.pem": forged.pem,
                ]))
        }
        #expect(error.code == .inconsistent && error.path == "team/ca.pem", "\(error)")
        #expect(error.message.contains("no key of the catalog signed"))
        // The real intermediate in its place is accepted.
        #expect(throws: Never.self) {
            try CACatalog.read(
                from: CatalogFiles([
                    "team/catalog.json": json, "team/root.pem": pki.root.pem, "team/ca.pem": pki.intermediate.pem,
                ]))
        }
    }
}
