import BuildScan
import Foundation
import PinForecast
import PinningCore

/// `release add --from app.apk|app.ipa|App.app`: the build scanned in place (``BuildScanner``, nothing extracted),
/// its findings made a policy by ``BuildPolicy`` (the one rule), and recorded with the artifact's SHA-256 and the
/// version it states, each pin with every place it was found and how sure.
public enum ReleaseFromBuild {
    /// Whether `--from WORD` names an app build: an `.apk`, an `.ipa` or an `.app` folder, in any case. Decided by the
    /// name alone, before anything is read, so that a build is never mistaken for a manifest file or a revision.
    public static func isArtifact(_ word: String) -> Bool {
        var name = word.lowercased()
        while name.count > 1 && name.hasSuffix("/") { name.removeLast() }
        return [".apk", ".ipa", ".app"].contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// The build at `path` read and recorded, with its scan (whose broken release-only rules the caller reports).
    /// An artifact that cannot be read, or that changes while it is read, is refused: nothing is recorded.
    public static func record(
        artifact path: String, loader: ReleaseLoader
    ) throws -> (build: ReleaseBuild, report: ScanReport) {
        let report: ScanReport
        let before: String
        do {
            before = try ArtifactDigest.sha256(path: path)
            report = try BuildScanner.scan(path: path)
            guard try ArtifactDigest.sha256(path: path) == before else {
                throw HistoryError(
                    "\(path) changed while it was being read; nothing was written (scan it once it is "
                        + "complete)")
            }
        } catch let error as ScanError {
            throw HistoryError("--from \(error.description); nothing was written")
        }
        let shown = ReleaseSourceWord.relativeToReleases(URL(fileURLWithPath: path), loader: loader)
        let build = record(report, policy: BuildPolicy(report), sha256: before, artifact: shown)
        // The releases file's rule for its texts, applied before writing (its reader applies the same): a version
        // holding ESC is refused here, by field, rather than written for every listing to print.
        let texts = [
            ("its path", build.artifact), ("its package", build.package), ("its version", build.version),
            ("its build number", build.buildNumber),
        ]
        for case (let field, let text?) in texts {
            if let refusal = ReleaseBuild.refusal(text) {
                throw HistoryError("--from \(path): \(field) \(refusal); nothing was written")
            }
        }
        return (build, report)
    }

    /// `release add [NAME] --from BUILD`'s entry, read now, and what the output says of it: release-only rules the
    /// build breaks (it is recorded all the same: it shipped), pins found only by a code pattern, pins with no host,
    /// what the manifest cannot hold.
    public static func entry(
        name: String?, artifact: String, shipped: String?, share: Double?, loader: ReleaseLoader
    ) throws -> (entry: ReleaseEntry, notes: [String]) {
        let day = try shipped.map { text -> CalendarDay in
            guard let day = CalendarDay(text) else {
                throw HistoryError("--shipped \(text) is not a date of the form YYYY-MM-DD")
            }
            return day
        }
        let (build, report) = try record(artifact: artifact, loader: loader)
        guard let name = name ?? build.version else {
            throw HistoryError(
                "\(artifact) states no version (versionName, CFBundleShortVersionString); give the release a NAME; "
                    + "nothing was written")
        }
        guard !Release.isCandidateName(name) else { throw HistoryError(Release.candidateNameRefusal(name)) }
        let policy = BuildPolicy(report)
        var notes: [String] = []
        if !report.brokenRules.isEmpty {
            notes.append(
                "The build breaks release-only rules (\(report.brokenRules.map(\.rawValue).joined(separator: ", "))); "
                    + "recorded all the same, as it shipped (`pinbench scan \(artifact)` shows where)")
        }
        let pins = build.domains.flatMap(\.pins)
        let code = pins.filter(\.codePatternOnly).count
        notes.append(
            "\(build.domains.count) hosts pinned, \(pins.count) pins"
                + (code == 0 ? "" : ", \(code) of them found only by a code pattern"))
        if !build.unplaced.isEmpty {
            notes.append("\(build.unplaced.count) pins found with no host (recorded, not judged for any host)")
        }
        for skipped in policy.notCarried {
            notes.append("Not carried: \(skipped.value) (\(skipped.location.entry)): \(skipped.reason)")
        }
        return (ReleaseEntry(name: name, shipped: day, share: share, source: .build(build)), notes)
    }

    /// The releases file's record of a scan: the policy's domains and unplaced pins with their places.
    public static func record(
        _ report: ScanReport, policy: BuildPolicy, sha256: String, artifact: String
    ) -> ReleaseBuild {
        let app = report.app
        let number = report.platform == "ios" ? app.bundleVersion : app.versionCode.map(String.init)
        return ReleaseBuild(
            artifact: ReleaseBuild.limited(artifact), sha256: sha256,
            platform: (report.platform == "ios" ? ReleaseBuild.Platform.ios : .android).rawValue,
            package: app.package.flatMap(nonEmpty), version: app.versionName.flatMap(nonEmpty),
            buildNumber: number.flatMap(nonEmpty), brokenRules: report.brokenRules.map { rule($0).rawValue },
            domains: policy.domains.map { domain in
                ReleaseBuild.Domain(
                    host: domain.policy.host, includeSubdomains: domain.policy.includeSubdomains,
                    mode: domain.policy.mode, expires: domain.policy.expires, pins: domain.found.map(found),
                    alsoChecked: domain.alsoChecked.map(found))
            },
            unplaced: policy.unplaced.map(found))
    }

    private static func found(_ pin: BuildPolicy.FoundPin) -> ReleaseBuild.FoundPin {
        ReleaseBuild.FoundPin(
            pin: Pin(type: pin.pin.type, value: pin.pin.value, position: pin.pin.position),
            found: pin.origins.prefix(ReleaseBuild.maximumListCount).map { origin in
                // A place only says where: escaped and shortened to what the record holds (a key path may hold a
                // hostile plist's key of any length), never refused.
                ReleaseBuild.Place(
                    entry: ReleaseBuild.limited(
                        origin.location.entry.isEmpty ? "?" : TerminalSafeText.sanitize(origin.location.entry)),
                    keyPath: origin.location.keyPath.map { ReleaseBuild.limited(TerminalSafeText.sanitize($0)) }
                        .flatMap(nonEmpty),
                    line: origin.location.line.map { max(0, $0) }, offset: origin.location.offset.map { max(0, $0) },
                    certainty: certainty(origin.certainty))
            })
    }

    /// Case by case, so that a rule the scan gains is one the record's reader knows.
    private static func rule(_ rule: ReleaseRule) -> ReleaseBuild.Rule {
        switch rule {
        case .userTrust: .userTrust
        case .overridePins: .overridePins
        case .debuggable: .debuggable
        case .debuggingProxyCA: .debuggingProxyCA
        case .arbitraryLoads: .arbitraryLoads
        }
    }

    private static func certainty(_ certainty: ScanCertainty) -> ReleaseBuild.Certainty {
        switch certainty {
        case .declared: .declared
        case .bundledFile: .bundledFile
        case .codePattern: .codePattern
        }
    }

    /// The record keeps no empty text (its reader refuses it): an empty value is as good as none.
    private static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : ReleaseBuild.limited(text)
    }
}
