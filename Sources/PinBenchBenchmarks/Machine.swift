import Foundation

/// The machine a run was measured on, for the report's header.
enum Machine {
    static func summary(pinbench: String) -> String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) }
            ?? "unknown CPU"
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let memory = ProcessInfo.processInfo.physicalMemory / 1_048_576
        let kernel = ProcessInfo.processInfo.operatingSystemVersionString
        #if DEBUG
            let build = "DEBUG build (numbers are not representative: use -c release)"
        #else
            let build = "release build"
        #endif
        return """
            pinbench-bench, \(build), \(Date())
            machine: \(model), \(cores) cores, \(memory) MiB; \(kernel)
            pinbench: \(pinbench)
            """
    }
}
