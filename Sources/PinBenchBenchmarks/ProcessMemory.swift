import Foundation

/// A process's memory as Linux reports it in /proc/PID/status: resident now (VmRSS) and at its peak (VmHWM).
struct ProcessMemory {
    let residentKiB: Int
    let peakKiB: Int

    init?(pid: Int32) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else {
                return nil
            }
            return line.split(separator: " ").compactMap { Int($0) }.first
        }
        guard let resident = field("VmRSS"), let peak = field("VmHWM") else { return nil }
        residentKiB = resident
        peakKiB = peak
    }

    var residentMB: Double { Double(residentKiB) / 1024 }
    var peakMB: Double { Double(peakKiB) / 1024 }

    /// This process's memory now, after setting its peak back to what is resident (Linux: `5` written to
    /// /proc/self/clear_refs), so that the next peak measures only what follows.
    static func resettingPeak() -> ProcessMemory? {
        guard FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs"),
            (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        else { return nil }
        return ProcessMemory(pid: getpid())
    }
}
