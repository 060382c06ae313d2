import Foundation
import TestSupport

// `swift run -c release pinbench-bench`: every figure beside a baseline measured in the same run. BENCHMARKS.md
// explains them; `--only keys` or `--only launch` runs one group. With `--ncurses-child` the benchmark is its own
// child inside a tmux pane (NcursesKeyToFrame).

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == NcursesKeyToFrame.childFlag {
    do {
        try NcursesKeyToFrame.runChild(arguments: Array(arguments.dropFirst()))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}

var only: String?
if arguments.first == "--only", arguments.count == 2, BenchmarkReport.sections.contains(arguments[1]) {
    only = arguments[1]
} else if !arguments.isEmpty {
    let names = BenchmarkReport.sections.joined(separator: "|")
    FileHandle.standardError.write(Data("usage: pinbench-bench [--only \(names)]\n".utf8))
    exit(2)
}

do {
    try BenchmarkReport.run(only: only)
} catch {
    FileHandle.standardError.write(Data("pinbench-bench: \(error)\n".utf8))
    exit(1)
}
