import Foundation
import PinForecast
import PinningCore

/// The release lint compares with the manifest when releases are taken from builds: the newest one (by the day it
/// shipped, then by its place in the releases file), read from the releases file beside the manifest.
public struct ShippedBuild: Sendable, Equatable {
    public let release: String
    public let build: ReleaseBuild
    /// The build's path as a shell word naming it from the folder the lint runs in (the record names it from the
    /// releases file's folder): what the printed `pinbench drift` command runs with.
    public let artifactArgument: String

    public init(release: String, build: ReleaseBuild, artifactArgument: String? = nil) {
        self.release = release
        self.build = build
        self.artifactArgument = artifactArgument ?? ShellEncoding.word(build.artifact) ?? "<the build's path>"
    }

    /// This build with its path named from `folder`: a relative record is resolved against `releasesFolder`.
    func named(from folder: String, releasesFolder: URL) -> ShippedBuild {
        let artifact =
            build.artifact.hasPrefix("/")
            ? URL(fileURLWithPath: build.artifact) : releasesFolder.appendingPathComponent(build.artifact)
        let path = LintEnvironment.path(of: artifact, from: folder)
        return ShippedBuild(
            release: release, build: build, artifactArgument: ShellEncoding.word(path) ?? "<the build's path>")
    }

    /// The newest release of `list` taken from a build, if any.
    public static func newest(in list: ReleaseList) -> ShippedBuild? {
        let entries = list.releases
        guard
            let index = Release.newestBuild(
                entries, shipped: \.shipped,
                isBuild: { if case .build = $0.source { true } else { false } }),
            case .build(let build) = entries[index].source
        else { return nil }
        return ShippedBuild(release: entries[index].name, build: build)
    }

    /// What the lint knows of the releases file beside `manifest`: nil when there is none or it holds no release
    /// from a build; the reader's error when it cannot be read (the rule then says it could not judge).
    static func gather(besideManifest manifest: URL, from folder: String) -> Result<ShippedBuild?, ManifestError> {
        let url = ReleaseList.url(besideManifest: manifest)
        guard FileManager.default.fileExists(atPath: url.path) else { return .success(nil) }
        let data: Data
        do {
            data = try BoundedFileReader.read(url, limit: ManifestCodec.maximumSize, what: "releases file")
        } catch {
            return .failure(ManifestError(.unreadable, path: url.path, reason: error.reason))
        }
        do {
            return .success(
                newest(in: try ReleaseList.decode(data, path: url.path))?.named(
                    from: folder, releasesFolder: url.deletingLastPathComponent()))
        } catch {
            return .failure(error)
        }
    }
}

extension ManifestLinter {
    /// A warning when the newest release taken from a build drifts from the manifest, naming the release and each
    /// difference (``BuildDrift``); a warning too when the releases file cannot be read, so that drift is never
    /// passed over unjudged.
    func buildDriftFindings(_ manifest: PinManifest) -> [LintFinding] {
        switch environment.shippedBuild {
        case .success(nil): return []
        case .failure(let error):
            return [
                LintFinding(
                    .warning, .buildDrift, host: nil,
                    message: "the releases file cannot be read (\(error.description)), so drift from the shipped "
                        + "build was not judged.",
                    fix: "Fix the releases file (`pinbench release list` names the problem).")
            ]
        case .success(let shipped?):
            let drift = BuildDrift.compare(
                manifest: manifest, build: shipped.build.manifest,
                unplaced: shipped.build.unplaced.map { ($0.pin, $0.places) },
                alsoChecked: shipped.build.alsoChecked)
            return drift.differences.map { difference in
                LintFinding(
                    .warning, .buildDrift, host: difference.host,
                    message: "release \(shipped.release) (\(shipped.build.shown)) drifts from the manifest: "
                        + difference.sentence + ".",
                    fix: "Ship a build with the manifest's pins, or bring the manifest in line (`pinbench drift "
                        + shipped.artifactArgument + (environment.manifestArgument.map { " --manifest " + $0 } ?? "")
                        + "` lists every difference).")
            }
        }
    }
}
