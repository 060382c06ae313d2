import Foundation
import PinForecast
import PinningCore
import Testing

/// ``ReleaseBook`` shares the work of releases that ship the same manifest or the same policy: the sharing must never
/// change an answer, only how often it is computed.
@Suite("Release book: shared manifests and policies")
struct ReleaseBookTests {
    static func manifest(_ pin: String, extra: String? = nil, reportOnly: Bool = false) -> PinManifest {
        let value = Data(repeating: UInt8(ascii: pin.unicodeScalars.first!), count: 32).base64EncodedString()
        var domains = [
            DomainPolicy(
                host: "api.example.com", mode: reportOnly ? .reportOnly : .enforce,
                pins: [Pin(type: .spkiSHA256, value: value, role: .active, position: .leaf)]),
            DomainPolicy(host: "example.com", includeSubdomains: true),
        ]
        if let extra { domains.append(DomainPolicy(host: extra)) }
        return PinManifest(domains: domains)
    }

    @Test("each release's policy is the one its own manifest gives, for every host")
    func sameAnswers() {
        // Equal manifests built apart (no shared storage), one that differs only elsewhere, one that differs here.
        let manifests = [
            Self.manifest("a"), Self.manifest("a"), Self.manifest("a", extra: "other.test"), Self.manifest("b"),
            Self.manifest("a", reportOnly: true), PinManifest(),
        ]
        let releases = manifests.enumerated().map { Release(name: "\($0.offset)", manifest: $0.element) }
        let book = ReleaseBook(releases)
        for host in ["api.example.com", "www.example.com", "other.test", "unrelated.net"] {
            #expect(book.policies(for: host) == manifests.map { $0.policy(for: host) }, "\(host)")
            let (distinct, rows) = book.distinctPolicies(for: host)
            #expect(rows.map { distinct[$0] } == manifests.map { $0.policy(for: host) }, "\(host)")
            #expect(Set(rows).count == distinct.count, "every distinct policy is some release's")
        }
        // api.example.com: "a" (releases 0, 1, 2 share it), "b", report-only "a", none: four rows for six releases.
        let (distinct, rows) = book.distinctPolicies(for: "api.example.com")
        #expect(distinct.count == 4)
        #expect(rows[0] == rows[1] && rows[1] == rows[2])
        #expect(Set([rows[0], rows[3], rows[4], rows[5]]).count == 4)
    }
}
