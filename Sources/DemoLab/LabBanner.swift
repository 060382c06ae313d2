import Foundation
import PinningCore

/// What `lab` prints once it is serving: where, what, and how to try it.
public struct LabBanner: Sendable {
    public let lab: RunningLab
    public let rootPath: String
    public let logListPath: String
    public let manifestPath: String?
    /// The lab's process, which SIGUSR1 rotates.
    public let processID: Int32

    public init(
        lab: RunningLab, rootPath: String, logListPath: String, manifestPath: String?, processID: Int32 = getpid()
    ) {
        self.lab = lab
        self.rootPath = rootPath
        self.logListPath = logListPath
        self.manifestPath = manifestPath
        self.processID = processID
    }

    public var lines: [String] {
        let width = (lab.scenarios.map(\.host.count).max() ?? 0) + 2
        var lines = [
            "PinBench demo lab listening on \(lab.endpoint) (loopback only). Ctrl-C stops it.",
            "Lab PID: \(processID)   kill -USR1 \(processID) switches \(lab.scenario(.rotating).host) to its next chain",
            "Lab root CA (PEM): \(rootPath)",
            "Lab CT log list:   \(logListPath)",
            "",
            "Scenarios: connect to \(lab.endpoint) with the SNI name",
        ]
        for scenario in lab.scenarios {
            lines.append(
                "  " + scenario.host.padding(toLength: width, withPad: " ", startingAt: 0) + scenario.expectation)
        }
        lines.append("")
        // The commands below run as printed: a path that needs quoting in a shell is quoted.
        let manifest = manifestPath.map(Self.word)
        let root = Self.word(rootPath)
        let logList = Self.word(logListPath)
        if let manifestPath, let manifest {
            lines.append("Manifest: \(manifestPath) (every domain connects to \(lab.endpoint))")
            lines.append("  pinbench check --manifest \(manifest)")
            lines.append("  pinbench inspect good.\(lab.domain) --manifest \(manifest)")
            lines.append(
                "  pinbench inspect ct-logged.\(lab.domain) --manifest \(manifest) --ct-log-list \(logList) "
                    + "--require-ct")
        } else {
            lines.append("  pinbench inspect good.\(lab.domain) --connect \(lab.endpoint) --ca-bundle \(root)")
        }
        lines.append(
            "  openssl s_client -connect \(lab.endpoint) -servername good.\(lab.domain) -CAfile \(root)")
        lines.append("")
        let rotating = lab.scenario(.rotating).host
        lines.append(
            "Rotation: \(rotating) serves \(lab.rotation); kill -USR1 \(processID) switches it to the next chain ("
                + LabRotation.allCases.map(\.rawValue).joined(separator: " -> ") + " -> today)")
        if let manifest {
            lines.append("  pinbench forecast --live --manifest \(manifest)    # the demo releases beside it")
        }
        lines.append("")
        lines.append("CT logs: every certificate the lab serves, the rotation's included, is logged in both")
        for log in lab.ctLogList.logs {
            let api = log.monitoringURL == nil ? "RFC 6962" : "static-ct-api"
            lines.append("  \(log.description): \(log.monitoringURL ?? log.url ?? "") (\(api))")
        }
        if let manifest {
            lines.append("  pinbench watch --ct-log-list \(logList) --manifest \(manifest) --once")
        }
        lines.append("")
        lines.append("ready")
        return lines
    }

    /// `path` as one shell word (quoted when it must be), or as it is when it holds a character no quoting carries.
    private static func word(_ path: String) -> String { ShellEncoding.word(path) ?? path }
}
