import Foundation
import TestSupport

/// The Swift compiler and the clang that ships beside it, and the stub modules of the Apple API
/// (Tests/PinExportTests/AppleStubs) built once per test process, for checking the iOS exports on Linux.
enum AppleToolchain {
    static var stubs: URL { PythonInterpreter.packageRoot.appendingPathComponent("Tests/PinExportTests/AppleStubs") }

    /// `swiftc` from PATH, as found (it is a symlink whose name tells the driver what to be).
    static let swiftc: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate.path
            }
        }
        return nil
    }()

    /// The clang of the Swift toolchain (Swift ships one; no Debian clang is needed).
    static var clang: String? {
        guard let swiftc else { return nil }
        let url = URL(fileURLWithPath: swiftc)
        let folders = [url.deletingLastPathComponent(), url.resolvingSymlinksInPath().deletingLastPathComponent()]
        return folders.map { $0.appendingPathComponent("clang").path }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// A folder with Security, CryptoKit and Alamofire stub modules (`.swiftmodule` and static library each).
    struct Missing: Error { let what: String }

    static let stubModules: Result<URL, Error> = Result {
        guard let swiftc else { throw Missing(what: "no swiftc on PATH") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-apple-stubs-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for module in ["Security", "CryptoKit", "Alamofire"] {
            _ = try ProcessRunner.run(
                swiftc,
                [
                    "-parse-as-library", "-emit-library", "-static", "-module-name", module,
                    stubs.appendingPathComponent("\(module).swift").path, "-emit-module", "-emit-module-path",
                    folder.appendingPathComponent("\(module).swiftmodule").path, "-o",
                    folder.appendingPathComponent("lib\(module).a").path, "-I", folder.path,
                ], currentDirectory: folder, timeout: 300
            ).checked()
        }
        return folder
    }

    /// `swiftc` with the stub modules on the import and library paths.
    static func swift(_ arguments: [String], in folder: URL) throws -> ProcessRunner.Result {
        let modules = try stubModules.get()
        return try ProcessRunner.run(
            swiftc!, ["-I", modules.path, "-L", modules.path] + arguments, currentDirectory: folder, timeout: 600)
    }

    /// `clang -fsyntax-only` for an iOS target against the stub headers only, every warning an error.
    static func objectiveCSyntax(_ files: [String], in folder: URL) throws -> ProcessRunner.Result {
        try ProcessRunner.run(
            clang!,
            [
                "-fsyntax-only", "-x", "objective-c", "-target", "arm64-apple-ios15.0", "-fobjc-arc", "-Wall",
                "-Wextra", "-Werror", "-nostdinc", "-I", stubs.appendingPathComponent("include").path,
            ] + files, currentDirectory: folder, timeout: 300)
    }

    /// An export's Swift text with everything but its imports inside `enum NAME { ... }`, so many exports compile
    /// together in one program.
    static func wrapped(_ text: String, in name: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let imports = lines.filter { $0.hasPrefix("import ") }
        let body = lines.filter { !$0.hasPrefix("import ") }
        return (imports + ["enum \(name) {"] + body + ["}"]).joined(separator: "\n") + "\n"
    }
}
