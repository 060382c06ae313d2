import Foundation
import PinningCore

/// An app version in the field and the pins it carries: the pins cannot change until its users update.
public struct Release: Hashable, Sendable {
    public var name: String
    /// The day it shipped, when known.
    public var shipped: CalendarDay?
    /// Its share of active installs, in percent, when known.
    public var share: Double?
    /// The manifest its pins come from (a git revision, a file or an imported app configuration).
    public var manifest: PinManifest
    /// The build its pins were read from, when they were (`release add --from app.apk`): where each pin was found,
    /// and which were found only by a code pattern.
    public var build: ReleaseBuild?
    /// Where its pins were read from, as `release list` shows it (`git v4.1`, `old/pins.json (trustkit)`, `build
    /// app.apk 4.1 (41), SHA-256 3f2a…`), when it came from the releases file.
    public var pinsFrom: String?

    public init(
        name: String, shipped: CalendarDay? = nil, share: Double? = nil, manifest: PinManifest,
        build: ReleaseBuild? = nil, pinsFrom: String? = nil
    ) {
        self.name = name
        self.shipped = shipped
        self.share = share
        self.manifest = manifest
        self.build = build
        self.pinsFrom = pinsFrom
    }
}

extension Release {
    /// What the forecast calls the working manifest, the candidate next release: `next (pins.json)`.
    public static func candidateName(manifestFile: String) -> String { "next (\(manifestFile))" }

    /// Whether `name` reads as the candidate's (`next`, `next (pins.json)`, in any case): a shipped release so named
    /// would pass for the working manifest in the forecast and the watch, so the releases file refuses it.
    public static func isCandidateName(_ name: String) -> Bool {
        let word = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard word.hasPrefix("next") else { return false }
        let rest = word.dropFirst(4)
        return rest.isEmpty || rest.first == "(" || rest.first?.isWhitespace == true
    }

    /// Why `name` is refused for a shipped release.
    public static func candidateNameRefusal(_ name: String) -> String {
        "\"\(name.terminalSafe)\" is what the forecast and the watch call the working manifest (the candidate next "
            + "release); name a shipped release by its version"
    }
}

extension Release {
    /// Which of `items` is the newest release taken from a build: the latest day shipped, a release that states no
    /// day counting as older than one that does, and among equals the last listed. One rule for lint's drift warning
    /// and the workbench's marks.
    public static func newestBuild<Item>(
        _ items: [Item], shipped: (Item) -> CalendarDay?, isBuild: (Item) -> Bool
    ) -> Int? {
        var newest: Int?
        for (index, item) in items.enumerated() where isBuild(item) {
            if let current = newest, let day = shipped(items[current]) {
                guard let mine = shipped(item), mine >= day else { continue }
            }
            newest = index
        }
        return newest
    }
}
