import Foundation
import ManifestEditing
import PinningCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a command reads, named so that a refused output can say which input it would have replaced.
public struct InputFile: Hashable, Sendable {
    public let path: String
    /// What the file is to the command, for messages: "manifest", "chain file", "CA bundle".
    public let what: String

    public init(_ path: String, what: String) {
        self.path = path
        self.what = what
    }
}

/// Where a command is about to write, checked before anything is written: the one rule every file output goes
/// through (``OutputFileWriter``, ``ExportFileWriter``).
///
/// An output is never one of the command's inputs: `--report pins.json` would replace the manifest the verdict came
/// from. Files are compared by device and inode after the kernel follows every link, so a symbolic link or a hard
/// link to an input is caught like the same path. An output is also never a terminal, pipe or device (`/dev/stdout`
/// names one, or names the very file standard output was redirected to): a rename cannot replace those, and the
/// text would land somewhere other than where the user looks. A symbolic link another user planted in a shared
/// folder such as `/tmp` is not followed (see `ManifestTarget`).
public struct OutputTarget: Sendable {
    /// Who a file is: the same identity means the same file, whatever the names.
    enum Identity: Hashable, Sendable {
        /// An existing file, by device and inode.
        case existing(device: UInt64, inode: UInt64)
        /// A file still to be created: its folder (device and inode) and its name there.
        case new(device: UInt64, inode: UInt64, name: String)
    }

    /// The path as the user gave it, for messages.
    public let path: String
    let target: ManifestTarget
    let identity: Identity?

    /// True when a file exists at the path (it would be replaced).
    public var exists: Bool {
        if case .existing = identity { return true }
        return false
    }

    /// Resolves `path` and checks it against `inputs`; the refusal says which rule it broke
    /// (``OutputFileError/Code``).
    public static func check(_ path: String, inputs: [InputFile]) throws(OutputFileError) -> OutputTarget {
        guard !path.isEmpty else { throw OutputFileError(.failed, path: path, reason: "no file name given") }
        let target: ManifestTarget
        do {
            target = try ManifestTarget.resolve(URL(fileURLWithPath: path))
        } catch {
            throw OutputFileError(.failed, path: path, reason: error.reason)
        }
        // stat follows every link the kernel's way, /proc's descriptor links included, which a textual reading of
        // the link cannot (/dev/stdout -> /proc/self/fd/1 -> "pipe:[1234]").
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            guard code == ENOENT else {
                throw OutputFileError(.failed, path: path, reason: SystemCallFailure.describe(code, path: path))
            }
            var folder = stat()
            let identity =
                stat(target.folder, &folder) == 0
                ? Identity.new(device: UInt64(folder.st_dev), inode: UInt64(folder.st_ino), name: target.name) : nil
            return OutputTarget(path: path, target: target, identity: identity)
        }
        let identity = Identity.existing(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        if let stream = standardStream(with: identity) {
            throw OutputFileError(
                .standardStream, path: path,
                reason: "\(path) is this command's standard \(stream), not a file that can be replaced")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw OutputFileError(
                .notRegularFile, path: path,
                reason: "\(path) is not a regular file (a folder, terminal, pipe or device); give a file name")
        }
        for input in inputs where Self.identity(of: input.path) == identity {
            let named =
                URL(fileURLWithPath: input.path).standardizedFileURL == URL(fileURLWithPath: path).standardizedFileURL
            let same = named ? "" : " (the same file as \(input.path), by another name or link)"
            throw OutputFileError(
                .isInput, path: path,
                reason: "\(path) is the \(input.what) this command reads\(same); writing it would lose the "
                    + "\(input.what). Give another file name")
        }
        return OutputTarget(path: path, target: target, identity: identity)
    }

    /// True when both name the same file, existing or still to be created.
    public func isSameFile(as other: OutputTarget) -> Bool {
        identity != nil && identity == other.identity
    }

    /// The bytes of the file the target would replace, nil for a new file: for a writer that replaces only a file
    /// of its own kind.
    public func existingContents(limit: Int, what: String) throws(OutputFileError) -> Data? {
        guard exists else { return nil }
        do {
            return try BoundedFileReader.read(URL(fileURLWithPath: target.path), limit: limit, what: what)
        } catch {
            throw OutputFileError(.failed, path: path, reason: error.description)
        }
    }

    private static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return .existing(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// "input", "output" or "error" when `identity` is the file behind one of the process's standard streams.
    private static func standardStream(with identity: Identity) -> String? {
        for (descriptor, name) in [(STDIN_FILENO, "input"), (STDOUT_FILENO, "output"), (STDERR_FILENO, "error")] {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { continue }
            if identity == .existing(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) { return name }
        }
        return nil
    }
}
