import Foundation

/// Git's command line in a test repository, with an author of its own (no global git configuration is needed).
public enum GitCLI {
    /// Runs `git ARGUMENTS` in `directory` without holding a cooperative thread; throws unless it exits 0.
    @discardableResult
    public static func run(_ arguments: [String], in directory: URL) async throws -> ProcessRunner.Result {
        try await OffPoolThread.run {
            try ProcessRunner.run(
                "/usr/bin/env",
                ["git", "-c", "user.name=PinBench Test", "-c", "user.email=test@pinbench.test"] + arguments,
                currentDirectory: directory
            ).checked()
        }
    }
}
