import Foundation
import TestSupport

// `swift run -c release pinbench-bench`: every figure beside a baseline measured in the same run. BENCHMARKS.md
// explains them. With `--ncurses-child` the benchmark is its own child inside a tmux pane (NcursesKeyToFrame).

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

do {
    try BenchmarkReport.run()
} catch {
    FileHandle.standardError.write(Data("pinbench-bench: \(error)\n".utf8))
    exit(1)
}
