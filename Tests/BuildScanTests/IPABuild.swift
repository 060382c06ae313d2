import Foundation
import TestSupport

/// An IPA packed by Python's `zipfile` (deflate, with the folder entries real IPAs carry), its `Info.plist` written
/// by Python's `plistlib` in binary or XML form, and any other files of the app given as bytes.
/// `@unchecked Sendable`: its property lists hold only the JSON values a test writes, copied with the value, so a
/// test can build it on a thread of its own (``OffPoolThread``) while Python runs.
struct IPABuild: @unchecked Sendable {
    let folder = TemporaryFolder()
    var appName = "Demo.app"
    /// The Info.plist as JSON values (strings, booleans, arrays, dictionaries), written by plistlib.
    var plist: [String: Any] = IPABuild.basePlist()
    var binaryPlist = true
    /// Files of the app, by their path inside the `.app` folder.
    var files: [String: [UInt8]] = [:]
    /// Other property lists of the app (an extension's `PlugIns/NAME.appex/Info.plist`), by path, written by plistlib
    /// in the same form as the Info.plist.
    var plists: [String: [String: Any]] = [:]
    /// Bytes to use as the whole Info.plist instead of `plist` (a hostile one).
    var rawPlist: [UInt8]?

    static func basePlist(executable: String = "Demo") -> [String: Any] {
        [
            "CFBundleIdentifier": "com.example.pins", "CFBundleShortVersionString": "4.1",
            "CFBundleVersion": "4.1.0.7", "CFBundleExecutable": executable,
        ]
    }

    static let script = """
        import base64, json, plistlib, sys, zipfile
        spec = json.load(open(sys.argv[1]))
        app = "Payload/" + spec["app"] + "/"
        with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr("Payload/", b"")
            archive.writestr(app, b"")
            if spec["raw"] is not None:
                plist = base64.b64decode(spec["raw"])
            else:
                plist = plistlib.dumps(spec["plist"], fmt=plistlib.FMT_BINARY if spec["binary"] else plistlib.FMT_XML)
            archive.writestr(app + "Info.plist", plist)
            form = plistlib.FMT_BINARY if spec["binary"] else plistlib.FMT_XML
            for name, value in sorted(spec["plists"].items()):
                archive.writestr(app + name, plistlib.dumps(value, fmt=form))
            for name, data in sorted(spec["files"].items()):
                archive.writestr(app + name, base64.b64decode(data))
        """

    /// Packs the IPA and returns its path.
    func build(name: String = "app.ipa") throws -> String {
        let spec: [String: Any] = [
            "app": appName, "plist": plist, "binary": binaryPlist, "plists": plists,
            "files": files.mapValues { Data($0).base64EncodedString() },
            "raw": rawPlist.map { Data($0).base64EncodedString() } ?? NSNull(),
        ]
        let specPath = folder.write(name + ".json", try JSONSerialization.data(withJSONObject: spec))
        let ipa = folder.path(name)
        _ = try ProcessRunner.run(
            PythonInterpreter.path, PythonInterpreter.arguments + ["-c", Self.script, specPath, ipa]
        ).checked()
        return ipa
    }

    /// The same app unpacked as a `.app` folder (files written by the test, the Info.plist by plistlib).
    func buildFolder() throws -> String {
        let ipa = try build(name: "for-folder.ipa")
        let root = folder.path("unpacked")
        let script = "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])"
        _ = try ProcessRunner.run(PythonInterpreter.path, PythonInterpreter.arguments + ["-c", script, ipa, root])
            .checked()
        return root + "/Payload/" + appName
    }

    /// What plistlib reads back from the IPA's Info.plist, as JSON: the oracle for the scan's reading.
    static func plistlibReading(_ ipa: String) throws -> Data {
        let script = """
            import json, plistlib, sys, zipfile
            archive = zipfile.ZipFile(sys.argv[1])
            name = next(n for n in archive.namelist() if n.endswith(".app/Info.plist") and n.count("/") == 2)
            print(json.dumps(plistlib.loads(archive.read(name)), default=str))
            """
        let result = try ProcessRunner.run(
            PythonInterpreter.path, PythonInterpreter.arguments + ["-c", script, ipa]
        ).checked()
        return result.stdout
    }
}
