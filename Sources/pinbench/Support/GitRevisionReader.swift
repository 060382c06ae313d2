import Foundation
import PinningCore

/// Reads a file as it is at a git revision (`git show REV:PATH`), for `pinbench diff`.
///
/// git runs as a subprocess with a deadline, no terminal prompts and no pager, and its output is capped at the
/// manifest size limit. A revision never becomes a git option: it is refused if it starts with `-` (or holds `:`,
/// which would change which file is read, or control characters), and `--end-of-options` stands before it too.
enum GitRevisionReader {
    /// How long one git call may take: far longer than reading a blob takes, short enough that a stuck git (a
    /// repository on a hung network mount) is reported instead of waited on forever.
    static let deadline: Duration = .seconds(10)

    /// The bytes of `file` (a manifest path) at `revision` of the repository that holds it.
    static func read(_ file: URL, at revision: String) throws -> (data: Data, shownPath: String) {
        try check(revision)
        let folder = file.deletingLastPathComponent()
        let prefix = try git(["rev-parse", "--show-prefix"], in: folder)
        guard prefix.status == 0 else {
            throw CLIFailure(
                "\(folder.path) is not inside a git repository, so revision \(revision) cannot be read; "
                    + "give two manifest files instead (pinbench diff OLD.json NEW.json)")
        }
        let path = prefix.text.trimmingCharacters(in: .newlines) + file.lastPathComponent
        let commit = try git(
            ["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: folder)
        guard commit.status == 0 else {
            throw CLIFailure(
                "\(revision) is not a revision of the repository at \(folder.path) (no such branch, tag or commit); "
                    + "`git log --oneline` lists commits")
        }
        let spec = revision + ":" + path
        let exists = try git(["cat-file", "-e", "--end-of-options", spec], in: folder)
        guard exists.status == 0 else {
            throw CLIFailure(
                "\(path) (relative to the repository's root) does not exist at revision \(revision); "
                    + "was it added later, or is the manifest somewhere else (--manifest)?")
        }
        let shown = try git(["show", "--no-textconv", "--end-of-options", spec], in: folder)
        guard shown.status == 0 else {
            throw CLIFailure("git could not show \(spec): \(shown.errorText)")
        }
        return (shown.output, spec)
    }

    /// Refuses revision texts that could be read as an option or change the path read.
    static func check(_ revision: String) throws {
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
            throw CLIFailure(
                "the revision '\(revision)' \(problem); give a branch, tag or commit such as "
                    + "HEAD~1 or main")
        }
    }

    struct Result {
        let status: Int32
        let output: Data
        let errorText: String
        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `git` with `arguments` in `folder` within ``deadline``; stdout is capped at the manifest size limit.
    static func git(_ arguments: [String], in folder: URL) throws -> Result {
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
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do {
            try process.run()
        } catch {
            throw CLIFailure("could not run git (is it installed?)")
        }
        let limit = ManifestCodec.maximumSize
        let collected = PipeCollector(output: output, errors: errors, limit: limit)
        let seconds = Double(deadline.components.seconds)
        if done.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            _ = done.wait(timeout: .now() + 1)
            throw CLIFailure("git did not answer within \(Int(seconds)) s in \(folder.path); nothing was compared")
        }
        let (data, errorData, overflow) = collected.finish()
        if process.terminationStatus == 127 { throw CLIFailure("could not run git (is it installed?)") }
        if overflow {
            throw CLIFailure(
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
