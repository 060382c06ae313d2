import Foundation
import PinningCore

/// Reads a file as it is at a git revision (`git show REV:PATH`), for `pinbench diff` and the releases.
///
/// git runs as a subprocess with a deadline, no terminal prompts and no pager, and its output is capped at the
/// manifest size limit. A revision never becomes a git option: it is refused if it starts with `-` (or holds `:`,
/// which would change which file is read, or control characters), and `--end-of-options` stands before it too.
public enum GitRevisionReader {
    /// How long one git call may take: far longer than reading a blob takes, short enough that a stuck git (a
    /// repository on a hung network mount) is reported instead of waited on forever.
    public static let deadline: Duration = .seconds(10)

    /// The bytes of `file` (a manifest path) at `revision` of the repository that holds it.
    ///
    /// A committed symbolic link is followed within the revision's tree, as a checkout of it would read the file:
    /// git resolves it (`cat-file --follow-symlinks`, which gives up after 40 links and reports a loop), and a link
    /// that leaves the repository, dangles or loops is refused, never read from outside the revision.
    public static func read(_ file: URL, at revision: String) throws -> (data: Data, shownPath: String) {
        try check(revision)
        let folder = file.deletingLastPathComponent()
        let prefix = try git(["rev-parse", "--show-prefix"], in: folder)
        guard prefix.status == 0 else {
            throw HistoryError(
                "\(folder.path) is not inside a git repository, so revision \(revision) cannot be read; "
                    + "give two manifest files instead (pinbench diff OLD.json NEW.json)")
        }
        let path = prefix.text.trimmingCharacters(in: .newlines) + file.lastPathComponent
        guard try isRevision(revision, in: folder) else {
            throw HistoryError(
                "\(revision) is not a revision of the repository at \(folder.path) (no such branch, tag or commit); "
                    + "`git log --oneline` lists commits")
        }
        let spec = revision + ":" + path
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw HistoryError("the path \(path) contains a control character, so git cannot be asked for it")
        }
        let shown = try git(
            ["cat-file", "--batch", "--follow-symlinks"], in: folder, input: Data((spec + "\n").utf8),
            limit: ManifestCodec.maximumSize + 1_024)
        guard shown.status == 0 else {
            throw HistoryError("git could not show \(spec): \(shown.errorText)")
        }
        return (try blob(in: shown.output, spec: spec, path: path, revision: revision), spec)
    }

    /// The content of the one object `cat-file --batch --follow-symlinks` answered with, or why there is none.
    private static func blob(in output: Data, spec: String, path: String, revision: String) throws -> Data {
        guard let newline = output.firstIndex(of: 0x0A) else {
            throw HistoryError("git gave no answer for \(spec)")
        }
        let header = String(decoding: output[..<newline], as: UTF8.self).split(separator: " ")
        let detail = String(decoding: output[(newline + 1)...], as: UTF8.self).trimmingCharacters(in: .newlines)
        switch header.count == 3 ? String(header[1]) : header.first.map(String.init) ?? "" {
        case "blob":
            guard let size = Int(header[2]), size <= ManifestCodec.maximumSize else {
                throw HistoryError(
                    "the file at that revision is larger than \(ManifestCodec.maximumSize >> 20) MiB, the limit for "
                        + "a manifest")
            }
            let start = newline + 1
            guard output.count >= start + size else { throw HistoryError("git's answer for \(spec) was cut short") }
            return output.subdata(in: start..<(start + size))
        case "tree":
            throw HistoryError("\(path) is a folder at revision \(revision), not a manifest")
        case "symlink":
            throw HistoryError(
                "\(path) at revision \(revision) is a symbolic link leading outside the repository (\(detail)); "
                    + "only files inside the revision are read")
        case "dangling":
            throw HistoryError(
                "\(path) at revision \(revision) is a symbolic link to a file that does not exist there")
        case "loop":
            throw HistoryError(
                "\(path) at revision \(revision) is a symbolic link that loops (or takes more than 40 links)")
        case "notdir":
            throw HistoryError("a folder on the way to \(path) is a file at revision \(revision)")
        default:
            throw HistoryError(
                "\(path) (relative to the repository's root) does not exist at revision \(revision); "
                    + "was it added later, or is the manifest somewhere else (--manifest)?")
        }
    }

    /// Whether `text` names a commit of the repository holding `folder` (false outside a repository, and for a text
    /// ``check(_:)`` refuses).
    public static func isRevision(_ text: String, in folder: URL) throws -> Bool {
        guard (try? check(text)) != nil else { return false }
        let commit = try git(["rev-parse", "--verify", "--quiet", "--end-of-options", text + "^{commit}"], in: folder)
        return commit.status == 0
    }

    /// Refuses revision texts that could be read as an option or change the path read.
    public static func check(_ revision: String) throws {
        let problem: String? =
            if revision.isEmpty {
                "is empty"
            } else if revision.hasPrefix("-") {
                "starts with '-'"
            } else if revision.contains(":") {
                "contains ':'"
            } else if revision.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) {
                "contains a space or a control character"
            } else if revision.utf8.count > 256 {
                "is longer than 256 bytes"
            } else {
                nil
            }
        if let problem {
            throw HistoryError(
                "the revision '\(revision)' \(problem); give a branch, tag or commit such as "
                    + "HEAD~1 or main")
        }
    }

    /// What one git call answered: its exit status, its stdout (capped) and the start of its stderr.
    public struct Result: Sendable {
        public let status: Int32
        public let output: Data
        public let errorText: String
        public var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `git` with `arguments` in `folder` within ``deadline``, `input` on its stdin; stdout is capped at `limit`
    /// bytes (the manifest size limit).
    public static func git(
        _ arguments: [String], in folder: URL, input: Data? = nil, limit: Int = ManifestCodec.maximumSize
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_PAGER"] = "cat"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do {
            try process.run()
        } catch {
            throw HistoryError("could not run git (is it installed?)")
        }
        let collected = PipeCollector(output: output, errors: errors, limit: limit)
        if let inputPipe, let input {
            // One short request line: far below a pipe's buffer, so writing it cannot block.
            try? inputPipe.fileHandleForWriting.write(contentsOf: input)
            try? inputPipe.fileHandleForWriting.close()
        }
        let seconds = Double(deadline.components.seconds)
        if done.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            _ = done.wait(timeout: .now() + 1)
            throw HistoryError("git did not answer within \(Int(seconds)) s in \(folder.path); nothing was compared")
        }
        let (data, errorData, overflow) = collected.finish()
        if process.terminationStatus == 127 { throw HistoryError("could not run git (is it installed?)") }
        if overflow {
            throw HistoryError(
                "the file at that revision is larger than \(limit >> 20) MiB, the limit for a manifest")
        }
        let errorText = String(decoding: errorData.prefix(2_000), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return Result(status: process.terminationStatus, output: data, errorText: errorText)
    }
}

/// Drains both pipes on threads of their own (a full pipe would block git); stdout stops growing past `limit`.
private final class PipeCollector: @unchecked Sendable {
    private let group = DispatchGroup()
    private var output = Data()
    private var errors = Data()
    private var overflow = false

    init(output outputPipe: Pipe, errors errorPipe: Pipe, limit: Int) {
        group.enter()
        DispatchQueue.global().async {
            let handle = outputPipe.fileHandleForReading
            while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                if self.output.count + chunk.count > limit {
                    self.overflow = true
                    continue  // keep draining so git can finish; keep nothing more
                }
                self.output.append(chunk)
            }
            self.group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            let handle = errorPipe.fileHandleForReading
            while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                if self.errors.count < 1 << 16 { self.errors.append(chunk) }
            }
            self.group.leave()
        }
    }

    func finish() -> (Data, Data, Bool) {
        group.wait()
        return (output, errors, overflow)
    }
}
