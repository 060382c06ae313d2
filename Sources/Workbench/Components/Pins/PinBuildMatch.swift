import PinForecast
import PinningCore

/// Whether the newest shipped build (the newest release in the releases file taken from an app build, by
/// ``Release/newestBuild(_:shipped:isBuild:)``, the rule lint's drift warning uses) carries a pin for a host: a pin
/// the manifest holds and the build lacks protects none of that build's users.
struct PinBuildMatch {
    let release: String
    /// The pins the build's policy for the host holds (empty: the build pins nothing there).
    let shipped: Set<String>

    /// The newest build among `releases` and its pins for `host`; nil when no release was taken from a build.
    init?(releases: [Release], host: String) {
        guard let index = Release.newestBuild(releases, shipped: \.shipped, isBuild: { $0.build != nil }),
            let build = releases[index].build
        else { return nil }
        release = releases[index].name
        shipped = Set(build.manifest.policy(for: host)?.pins.map(\.value) ?? [])
    }

    func carries(_ pin: Pin) -> Bool { shipped.contains(pin.value) }

    /// The details' sentence for `pin`.
    func sentence(_ pin: Pin) -> String {
        carries(pin)
            ? "✓ in build \(release.terminalSafe), the newest shipped"
            : "✗ not in build \(release.terminalSafe), the newest shipped: its users are not protected by it"
    }
}
