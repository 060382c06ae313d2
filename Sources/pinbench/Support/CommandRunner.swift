import ArgumentParser
import ChainProbe
import CommandText
import Foundation
import PinningCore
import TerminalBackend

/// Parses the arguments and runs the command: synchronous commands on the main thread, async ones on a task that
/// the main thread waits for. Maps every error to a message on stderr and an exit code, never a stack trace.
enum CommandRunner {
    static func main(_ root: ParsableCommand.Type) -> Never {
        ResidentMemory.limitMallocArenas()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = UnknownCommand.message(
            for: arguments, commands: root.configuration.subcommands.map { $0._commandName })
            ?? unknownOption(in: arguments, root: root)
        {
            Output.error(message.problem)
            Output.note(message.help)
            Foundation.exit(ExitCode.badInput.rawValue)
        }
        let command: ParsableCommand
        do {
            command = try root.parseAsRoot()
        } catch {
            exit(root, error)
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try BlockingRun.run { try await asyncCommand.run() }
            } else {
                var command = command
                try command.run()
            }
        } catch {
            exit(root, error)
        }
        Foundation.exit(0)
    }

    /// The parser's description of its options is read only when the first word is an option.
    private static func unknownOption(
        in arguments: [String], root: ParsableCommand.Type
    ) -> (problem: String, help: String)? {
        guard arguments.first?.hasPrefix("-") == true else { return nil }
        return UnknownOption.message(for: arguments, options: TopLevelOptions(dump: root._dumpHelp()))
    }

    private static func exit(_ root: ParsableCommand.Type, _ error: Error) -> Never {
        switch error {
        case let exitCode as ExitCode:
            Foundation.exit(exitCode.rawValue)
        case let failure as CLIFailure:
            Output.error(failure.message)
            Foundation.exit(failure.exitCode.rawValue)
        case let error as BadInputError:
            Output.error(error.description)
            Foundation.exit(ExitCode.badInput.rawValue)
        default:
            let code = root.exitCode(for: error)
            if code == .success {
                root.exit(withError: error)
            }
            // Usage errors and anything unexpected: the parser's own message (several lines of usage; its own
            // "Error: " prefix dropped, ours leads), exit 2 (bad input).
            var message = root.fullMessage(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            Output.block("error: " + message)
            Foundation.exit(ExitCode.badInput.rawValue)
        }
    }
}
