import PinningCore

/// The scan report as lines: the app, then one block per host (every host's `base-config` and app-wide facts
/// last), then the rules broken. Every string from the build is escaped here (``TerminalSafeText``): text in an APK
/// is hostile.
public enum ScanText {
    public static func lines(_ reports: [ScanReport]) -> [String] {
        reports.flatMap(lines)
    }

    public static func lines(_ report: ScanReport) -> [String] {
        let app = report.app
        var lines: [String]
        if report.platform == "ios" {
            lines = [
                safe(report.artifact) + ": " + safe(app.package ?? "(no CFBundleIdentifier)") + " "
                    + safe(app.versionName ?? "?") + " (" + safe(app.bundleVersion ?? "?") + ")",
                "  executable: " + safe(app.executable ?? "none named"),
            ]
        } else {
            let code = app.versionCode.map(String.init) ?? "?"
            let target = app.targetSdkVersion.map(String.init) ?? "?"
            lines = [
                safe(report.artifact) + ": " + safe(app.package ?? "(no package)") + " " + safe(app.versionName ?? "?")
                    + " (" + code + "), targetSdkVersion " + target
                    + (app.debuggable ? ", DEBUGGABLE" : ", not debuggable"),
                "  network security config: " + safe(app.networkSecurityConfig ?? "none"),
            ]
        }
        var hosts: [String] = []
        for finding in report.findings {
            if let host = finding.host, !hosts.contains(host) { hosts.append(host) }
        }
        for host in hosts {
            let group = report.findings.filter { $0.host == host }
            let subdomains = group.contains { $0.includeSubdomains == true } ? " (and subdomains)" : ""
            lines.append(safe(host) + subdomains)
            lines += group.filter { $0.kind != .domain }.map(line)
        }
        let general = report.findings.filter { $0.host == nil }
        if !general.isEmpty {
            lines.append("every host and the app as a whole")
            lines += general.map(line)
        }
        if report.omittedFindings > 0 { lines.append("  … \(report.omittedFindings) more findings not shown") }
        let broken = report.brokenRules
        lines.append(
            broken.isEmpty
                ? "release-only rules: none broken"
                : "release-only rules broken: " + broken.map(\.rawValue).joined(separator: ", "))
        return lines
    }

    static func line(_ finding: ScanFinding) -> String {
        var text = "  " + finding.kind.rawValue + " " + safe(finding.value)
        if finding.debugOnly { text += " (debug-overrides)" }
        if let detail = finding.detail { text += ": " + safe(detail) }
        text += " [" + finding.certainty.rawValue + "] " + place(finding.location)
        if !finding.rules.isEmpty { text += " BREAKS " + finding.rules.map(\.rawValue).joined(separator: ", ") }
        return text
    }

    private static func place(_ location: ScanLocation) -> String {
        var text = safe(location.entry)
        if let path = location.keyPath { text += " " + safe(path) }
        if let line = location.line { text += " line \(line)" }
        if let offset = location.offset { text += " offset \(offset)" }
        return text
    }

    private static func safe(_ text: String) -> String { TerminalSafeText.sanitize(text) }
}
