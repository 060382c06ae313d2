import FieldReports
import Foundation
import LabPKI
import PinningCore
import ReportStore
import TestSupport

/// Judged reports to store, from the lab's real chains, and the `sqlite3` command line to read the file back.
enum StoreFixtures {
    static let pki = TestPKI.shared

    static func report(version: String = "4.1", host: String? = nil, chain: [IssuedCertificate]? = nil) -> FieldReport {
        FieldReport(
            format: .trustKitIOS, host: host ?? pki.host, port: 443, appVersion: version,
            validatedChain: .certificates((chain ?? pki.rotated.full).map(\.der)),
            knownPins: [Fixtures.spki(pki.good.leaf)])
    }

    static func judgement(_ kind: ReportJudgement.Kind = .lockout, release: String? = "4.1") -> ReportJudgement {
        ReportJudgement(
            kind: kind, reason: kind == .lockout ? .pinsReject : .untrustedRoot, release: release,
            issuer: kind == .interception ? "CN=Proxy" : nil, detail: "test")
    }

    static func stored(
        version: String = "4.1", host: String? = nil, kind: ReportJudgement.Kind = .lockout, at time: Date = Date()
    ) -> StoredReport {
        StoredReport(report: report(version: version, host: host), judgement: judgement(kind), receivedAt: time)
    }

    /// `sqlite3 -batch file query`: the command line's own reading of the file.
    static func sqlite(_ path: String, _ query: String) async throws -> String {
        let result = try await OffPoolThread.run {
            try ProcessRunner.run("/usr/bin/sqlite3", ["-batch", path, query], timeout: 30)
        }
        guard result.status == 0 else { throw SQLiteCLIFailure(message: "exit \(result.status): \(result.stderrText)") }
        return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static var hasSQLiteCLI: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") }
}

struct SQLiteCLIFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension StoreSettings {
    /// `base` with deadlines for a machine running the whole suite at once: there a PostgreSQL query waited past the
    /// store's 10 seconds and failed tests that judge something else. The deadline tests set their own.
    static func underLoad(_ base: StoreSettings = StoreSettings()) -> StoreSettings {
        var settings = base
        settings.connectTimeout = .seconds(120)
        settings.queryTimeout = .seconds(300)
        return settings
    }
}
