import Foundation
import PinningCore

/// Random manifests whose hosts, labels, notes and pin values hold hostile text, for the export property tests.
enum HostileManifests {
    /// `count` manifests from `seed`; the last one has a very long label and note.
    static func make(count: Int, seed: UInt64) -> [PinManifest] {
        var random = HostileText(seed: seed)
        var manifests: [PinManifest] = []
        for number in 0..<count {
            var hosts = Set<String>()
            var domains: [DomainPolicy] = []
            for _ in 0..<(1 + random.below(4)) {
                let host = random.host()
                guard hosts.insert(host.lowercased()).inserted else { continue }
                var pins: [Pin] = []
                for _ in 0..<random.below(4) {
                    pins.append(
                        Pin(
                            type: random.chance(80) ? .spkiSHA256 : .certSHA256,
                            value: random.pinValue(),
                            role: random.chance(50) ? .active : .backup,
                            position: [PinPosition.any, .leaf, .ca][random.below(3)],
                            label: random.chance(80) ? random.text() : nil,
                            note: random.chance(50) ? random.text() : nil
                        ))
                }
                domains.append(
                    DomainPolicy(
                        host: host,
                        port: random.chance(80) ? 443 : 1 + random.below(65535),
                        includeSubdomains: random.chance(50),
                        mode: random.chance(70) ? .enforce : .reportOnly,
                        expires: random.chance(30) ? CalendarDay("2027-06-30") : nil,
                        pins: pins
                    ))
            }
            if number == count - 1, !domains.isEmpty {
                let long = String(repeating: "--\n$]]>\u{202E}'\"", count: 12_000)
                domains[0].pins.append(
                    Pin(type: .spkiSHA256, value: random.pinValue(), label: long, note: long))
            }
            manifests.append(PinManifest(domains: domains).canonicallyOrdered)
        }
        return manifests
    }
}
