import PinningCore

extension BuildDrift {
    /// One line per difference, "host: what" (unescaped: the caller's output escapes every line).
    public var textLines: [String] {
        differences.map(\.sentence)
    }
}

extension BuildDrift.Difference {
    /// "api.example.com: backup pin spki-sha256:AAAA… is not in the build".
    public var sentence: String {
        let place = host ?? "(no host)"
        let pin = self.pin ?? ""
        let text: String
        switch kind {
        case .hostMissing:
            text =
                "pinned by the manifest (\(manifest ?? "")), but no policy of the build governs it"
                + (build.map { "; " + $0 } ?? "")
        case .pinMissing: text = "pin \(pin) is not in the build" + (build.map { " (\($0))" } ?? "")
        case .backupMissing:
            text = "backup pin \(pin) never made it into the build" + (build.map { " (\($0))" } ?? "")
        case .unknownPin:
            text = "the build pins \(pin), which the manifest does not know" + (manifest.map { " (\($0))" } ?? "")
        case .typeDiffers: text = "pin \(pin) is \(manifest ?? "?") in the manifest, \(build ?? "?") in the build"
        case .positionDiffers:
            text = "pin \(pin) is at position \(manifest ?? "?") in the manifest, \(build ?? "?") in the build"
        case .settingDiffers: text = "\(manifest ?? "?") in the manifest, \(build ?? "?") in the build"
        }
        return place + ": " + text
    }
}

/// `pinbench drift`'s report: which build against which manifest, and the differences. Its JSON reads back as the
/// same value.
public struct DriftReport: Codable, Sendable, Equatable {
    public let artifact: String
    public let manifest: String
    /// The version the build states, when it states one.
    public let version: String?
    public let drift: BuildDrift

    public init(artifact: String, manifest: String, version: String?, drift: BuildDrift) {
        self.artifact = artifact
        self.manifest = manifest
        self.version = version
        self.drift = drift
    }

    /// The report as lines (unescaped: the caller's output escapes each).
    public var textLines: [String] {
        let head = artifact + (version.map { " (version \($0))" } ?? "") + " against " + manifest
        guard drift.drifted else { return [head + ": no drift"] }
        let count = drift.differences.count
        return [head + ": \(count) difference\(count == 1 ? "" : "s")"] + drift.textLines.map { "  " + $0 }
    }
}
