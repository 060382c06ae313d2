import Foundation
import PinningCore
import X509

/// An app version the demo pretends is installed: the pins it shipped with, when, and its share of installs.
public struct DemoRelease: Sendable {
    public let name: String
    public let shipped: CalendarDay
    /// Share of active installs, in percent.
    public let share: Double
    /// The release's pins, as the manifest it was built from.
    public let manifest: PinManifest
}

extension RunningLab {
    /// The names of ``demoReleases(rootAnchorPath:now:)``, oldest first: known before the lab starts, so a command
    /// can refuse files in the way before it generates anything.
    public static let demoReleaseNames = ["1.0", "2.0", "2.1"]

    /// Three shipped versions with the pins the `rotating` host was given over time, so that each rotation the lab
    /// can switch to locks some installs out:
    /// - 1.0 pinned the leaf and intermediate keys until a day now past: its pins lapsed (default trust only);
    /// - 2.0 pins only today's leaf key: a renewal with a new key locks it out;
    /// - 2.1 pins the issuing CA's key with a spare key as backup: it survives a renewal, but a leaf from the
    ///   sibling intermediate locks it out.
    /// The demo manifest itself (the next release) adds the lab root's key and is safe in every state. Each release
    /// also pins `good` on the lab root, a domain no rotation touches.
    public func demoReleases(rootAnchorPath: String, now: Date = Date()) -> [DemoRelease] {
        let today = scenario(.rotating).pinnedChain
        let (leaf, issuer) = (today[0], today[1])
        let good = demoManifest(rootAnchorPath: rootAnchorPath, now: now).domains.first {
            $0.host == scenario(.good).host
        }
        func release(
            _ index: Int, daysAgo: Double, share: Double, expires: CalendarDay? = nil, pins: [Pin]
        ) -> DemoRelease {
            let shipped = now.addingTimeInterval(-daysAgo * 86_400)
            let rotating = DomainPolicy(
                host: scenario(.rotating).host, port: 443, connect: endpoint, mode: .enforce, expires: expires,
                pins: pins)
            return DemoRelease(
                name: Self.demoReleaseNames[index], shipped: CalendarDay(containing: shipped), share: share,
                manifest: PinManifest(trustAnchors: [rootAnchorPath], domains: [rotating] + [good].compactMap { $0 }))
        }
        let spare = Pin(
            type: .spkiSHA256, value: Self.spareKeyPin, role: .backup, label: "spare key (EC P-256)", added: now,
            note: "demo: a spare key kept offline")
        return [
            release(
                0, daysAgo: 400, share: 10, expires: CalendarDay(containing: now.addingTimeInterval(-30 * 86_400)),
                pins: [
                    Self.pin(leaf, level: 0, .spkiSHA256, .active, note: "demo 1.0: the leaf key", added: now),
                    Self.pin(issuer, level: 1, .spkiSHA256, .active, note: "demo 1.0: the CA key", added: now),
                ]),
            release(
                1, daysAgo: 150, share: 35,
                pins: [Self.pin(leaf, level: 0, .spkiSHA256, .active, note: "demo 2.0: only the leaf key", added: now)]),
            release(
                2, daysAgo: 40, share: 50,
                pins: [
                    Self.pin(issuer, level: 1, .spkiSHA256, .active, note: "demo 2.1: Issuing CA 1's key", added: now),
                    spare,
                ]),
        ]
    }
}
