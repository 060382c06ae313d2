import PinForecast
import PinningCore

/// Whether the newest shipped build (the newest release in the releases file taken from an app build, by
/// ``Release/newestBuild(_:shipped:isBuild:)``, the rule lint's drift warning uses) carries a pin for a host: a pin
/// the manifest holds and the build lacks protects none of that build's users. A pin the build holds only as a
/// pattern in code, or only in another mechanism's set (``ReleaseBuild/Domain/alsoChecked``), is told apart.
struct PinBuildMatch {
    /// How the build holds one pin of the manifest.
    enum Standing: Equatable {
        /// In the build's policy for the host, from a configuration or a bundled file.
        case held
        /// In the build's policy, but found only by a code pattern: the app may never run it.
        case codePatternOnly
        /// Not in the build's policy, but in another mechanism's set the app also checks (both must pass): the
        /// forecast does not judge it.
        case alsoChecked
        case missing
    }

    let release: String
    /// The pins (``ReleaseBuild/text(_:)``) the build's policy for the host holds (empty: the build pins nothing
    /// there), those of them found only by a code pattern, and the other mechanisms' pins.
    let shipped: Set<String>
    let codePattern: Set<String>
    let alsoChecked: Set<String>

    /// The newest build among `releases` and its pins for `host`; nil when no release was taken from a build.
    init?(releases: [Release], host: String) {
        guard let index = Release.newestBuild(releases, shipped: \.shipped, isBuild: { $0.build != nil }),
            let build = releases[index].build
        else { return nil }
        release = releases[index].name
        let domain = build.domain(governing: host)
        shipped = Set(domain?.pins.map(\.text) ?? [])
        codePattern = Set(domain?.pins.filter(\.codePatternOnly).map(\.text) ?? [])
        alsoChecked = Set(domain?.alsoChecked.map(\.text) ?? [])
    }

    func standing(_ pin: Pin) -> Standing {
        let text = ReleaseBuild.text(pin)
        if codePattern.contains(text) { return .codePatternOnly }
        if shipped.contains(text) { return .held }
        return alsoChecked.contains(text) ? .alsoChecked : .missing
    }

    func carries(_ pin: Pin) -> Bool { standing(pin) == .held }

    /// The list row's lead for `pin`: nothing for a pin the build holds plainly.
    func rowMark(_ pin: Pin) -> String {
        let name = release.terminalSafe
        switch standing(pin) {
        case .held: return ""
        case .codePatternOnly: return "? code pattern in build \(name): "
        case .alsoChecked: return "+ other check in build \(name): "
        case .missing: return "✗ not in build \(name): "
        }
    }

    /// The details' sentence for `pin`.
    func sentence(_ pin: Pin) -> String {
        let name = release.terminalSafe
        switch standing(pin) {
        case .held:
            return "✓ in build \(name), the newest shipped"
        case .codePatternOnly:
            return "? in build \(name), the newest shipped; "
                + (ReleaseBuild.codePatternMark([ReleaseBuild.text(pin)]) ?? "") + " (the app may never run it)"
        case .alsoChecked:
            return "+ in build \(name), the newest shipped, only in another mechanism's set: the app checks it too "
                + "(both must pass); the forecast judges the declared set only"
        case .missing:
            return "✗ not in build \(name), the newest shipped: its users are not protected by it"
        }
    }
}
