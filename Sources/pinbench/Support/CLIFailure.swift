import ArgumentParser
import BuildScan
import PinningCore
import TerminalBackend

extension ExitCode {
    /// The verdict was a rejection, or lint found errors.
    static let rejected = ExitCode(1)
    /// Bad input: arguments, files, manifests, unreachable servers.
    static let badInput = ExitCode(2)
}

/// An error the CLI reports in one message, with its exit code.
struct CLIFailure: Error {
    let message: String
    let exitCode: ExitCode

    init(_ message: String, exitCode: ExitCode = .badInput) {
        self.message = message
        self.exitCode = exitCode
    }
}

// The terminal's and a scanned build's errors are bad input in words too (their libraries do not link the core's
// BadInputError: TerminalBackend imports no PinningCore, and BuildScan's error keeps its own file).
extension TerminalError: BadInputError {}
extension ScanError: BadInputError {}
