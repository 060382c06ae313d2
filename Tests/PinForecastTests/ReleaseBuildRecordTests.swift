import Foundation
import ManifestEditing
import ManifestFiles
import PinForecast
import PinningCore
import TestSupport
import Testing

/// A release taken from a build, as the releases file records it: read back exactly as written, strictly, beside
/// the older kinds of release; its pins judged as a manifest, its code-pattern pins told apart.
@Suite("Releases file: releases from builds")
struct ReleaseBuildRecordTests {
    static let pinA = "7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y="
    static let pinB = "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="
    static let pinC = "x4QzPSC810K5/cMjb05Qm4k3Bw5zBn4lTdO/nEW/Td4="
    /// A whole certificate's pin, found only in code: shown with its own type.
    static let certD = Data(repeating: 9, count: 32).base64EncodedString()
    let folder = TemporaryFolder()

    static func record() -> ReleaseBuild {
        let config = "res/xml/network_security_config.xml"
        return ReleaseBuild(
            artifact: "builds/app\u{1B}[2J.apk", sha256: String(repeating: "ab", count: 32), platform: "android",
            package: "com.example.pins", version: "4.1", buildNumber: "41", brokenRules: ["override-pins"],
            domains: [
                ReleaseBuild.Domain(
                    host: "api.example.com", includeSubdomains: true, expires: CalendarDay("2027-06-29"),
                    pins: [
                        ReleaseBuild.FoundPin(
                            pin: Pin(type: .spkiSHA256, value: pinA),
                            found: [
                                .init(
                                    entry: config, keyPath: "network-security-config/pin[1]", line: 7,
                                    certainty: .declared),
                                .init(
                                    entry: "classes.dex", keyPath: "string_ids[3]", offset: 412, certainty: .codePattern
                                ),
                            ]),
                        ReleaseBuild.FoundPin(
                            pin: Pin(type: .spkiSHA256, value: pinC),
                            found: [.init(entry: "classes2.dex", offset: 99, certainty: .codePattern)]),
                        ReleaseBuild.FoundPin(
                            pin: Pin(type: .certSHA256, value: certD),
                            found: [.init(entry: "classes2.dex", offset: 140, certainty: .codePattern)]),
                    ],
                    alsoChecked: [
                        ReleaseBuild.FoundPin(
                            pin: Pin(type: .spkiSHA256, value: pinB),
                            found: [.init(entry: "classes.dex", offset: 600, certainty: .codePattern)])
                    ]),
                ReleaseBuild.Domain(
                    host: "login.example.com", mode: .reportOnly,
                    pins: [
                        ReleaseBuild.FoundPin(
                            pin: Pin(type: .spkiSHA256, value: pinB, position: .ca),
                            found: [.init(entry: "Info.plist", keyPath: "a/b", certainty: .declared)])
                    ]),
            ],
            unplaced: [
                ReleaseBuild.FoundPin(
                    pin: Pin(type: .spkiSHA256, value: pinB),
                    found: [.init(entry: "res/raw/ca.der", certainty: .bundledFile)])
            ])
    }

    @Test("a build's record reads back equal beside a revision and a file release; the file is stable")
    func roundTrip() throws {
        let url = folder.url.appendingPathComponent("releases.json")
        // An artifact whose name holds ESC is refused by the releases file's rule for texts (controlCharacters).
        var record = Self.record()
        record.artifact = "builds/app 4.1.apk"
        let entries = [
            ReleaseEntry(name: "4.0", source: .revision("v4.0", path: nil)),
            ReleaseEntry(name: "4.1", shipped: CalendarDay("2026-05-02"), share: 12, source: .build(record)),
            ReleaseEntry(name: "3.9", share: 5, source: .file("TrustKit.plist"), format: .trustkit),
        ]
        try ManifestStore.update(ReleaseList.self, at: url) { $0.releases = entries }
        let first = try #require(folder.read("releases.json"))
        #expect(try ManifestStore.loadIfPresent(ReleaseList.self, at: url)?.releases == entries)
        try ManifestStore.update(ReleaseList.self, at: url) { _ in }
        #expect(folder.read("releases.json") == first)
        // No "format" is written for a build.
        #expect(first.contains(#""artifact": "builds/app 4.1.apk""#), "\(first)")
        #expect(first.components(separatedBy: #""format""#).count == 3)
    }

    @Test("a releases file written before builds existed still reads")
    func olderFile() throws {
        let text = #"""
            {"schema": 1, "releases": [{"name": "4.0", "revision": "v4.0", "format": "manifest"},
              {"name": "3.9", "file": "pins-3.9.json", "share": 5}]}
            """#
        let list = try ReleaseList.decode(Data(text.utf8), path: "releases.json")
        #expect(list.releases.map(\.source) == [.revision("v4.0", path: nil), .file("pins-3.9.json")])
    }

    static let sha = String(repeating: "ab", count: 32)

    /// A build record's body with `domains` (JSON text) and `more` fields.
    static func body(domains: String = "[]", sha256: String = sha, more: String = "") -> String {
        #""build":{"artifact":"a.apk","sha256":"\#(sha256)","platform":"android","domains":\#(domains)\#(more)}"#
    }

    /// One domain holding one pin with `value` and `found` (JSON text).
    static func pinned(_ value: String = pinA, found: String) -> String {
        #"[{"host":"a.example","pins":[{"type":"spki-sha256","value":"\#(value)","found":\#(found)}]}]"#
    }

    static let hostileCases: [(String, String)] = [
        (body(more: #","extra":1"#), "unknown field"),
        (body(sha256: "AB"), "64 lower-case hex"),
        (#""file":"x","# + body(), "no \"file\""),
        (body(domains: #"[{"host":"a b","pins":[]}]"#), "host"),
        (body(domains: pinned("short", found: #"[{"entry":"x","certainty":"declared"}]"#)), "not base64 of 32 bytes"),
        (body(domains: pinned(found: "[]")), "names where it was found"),
        (body(domains: pinned(found: #"[{"entry":"x","certainty":"guessed"}]"#)), "is not one of"),
        // Fullwidth digits are hex digits to Character.isHexDigit, never to a SHA-256.
        (body(sha256: String(repeating: "\u{FF11}", count: 64)), "64 lower-case hex"),
        (body(sha256: String(repeating: "ab", count: 31) + "a\u{FF41}"), "64 lower-case hex"),
        (body(sha256: String(repeating: "AB", count: 32)), "64 lower-case hex"),
        (body().replacingOccurrences(of: #""android""#, with: #""windows""#), "is not one of"),
        (body(more: #","brokenRules":["override-pins","rm -rf"]"#), "is not one of"),
    ]

    @Test("hostile records are refused with their JSON path", arguments: hostileCases)
    func hostile(body: String, words: String) throws {
        let text = #"{"schema":1,"releases":[{"name":"4.1","# + body + "}]}"
        do {
            _ = try ReleaseList.decode(Data(text.utf8), path: "releases.json")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.contains(words), "\(error.description)")
            #expect(error.description.contains("releases.json:1:"), "\(error.description)")
        }
    }

    /// A build record's text fields holding a control character, as JSON escapes: each field the record reads.
    static let controlCases: [(String, String)] = [
        ("version", body(more: #","version":"4.1\u001b[2J""#)),
        ("buildNumber", body(more: #","buildNumber":"41\n42""#)),
        ("package", body(more: #","package":"com.example\u0085pins""#)),
        ("artifact", body().replacingOccurrences(of: #""a.apk""#, with: #""a\u0007.apk""#)),
        ("keyPath", body(domains: pinned(found: #"[{"entry":"x","keyPath":"pin\u007f","certainty":"declared"}]"#))),
        ("entry", body(domains: pinned(found: #"[{"entry":"x\u001b","certainty":"declared"}]"#))),
    ]

    @Test(
        "a build's text holding ESC or another control character is refused as a release's name is, with line and column",
        arguments: controlCases)
    func controlCharacters(field: String, body: String) throws {
        let text = "{\"schema\":1,\n\"releases\":[{\"name\":\"4.1\",\n" + body + "}]}"
        do {
            _ = try ReleaseList.decode(Data(text.utf8), path: "releases.json")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.contains("holds a control character"), "\(error.description)")
            #expect(error.description.contains(field), "\(error.description)")
            #expect(error.description.range(of: #"releases\.json:3:[0-9]+"#, options: .regularExpression) != nil)
            #expect(!error.description.contains("\u{1B}[") || error.description.contains("\\u{1B}"))
        }
        // One rule for both: what the reader refuses in a build's record, it refuses as a release's name, and the
        // writers' check (ReleaseBuild.refusal) says so too.
        for sample in ["4.1\u{1B}[2J", "41\n42", "com.example\u{85}pins", "a\u{7}.apk", "pin\u{7F}"] {
            #expect(ReleaseBuild.refusal(sample) != nil)
            let named = #"{"schema":1,"releases":[{"name":"# + JSONEncoding.string(sample) + #","revision":"v1"}]}"#
            #expect(throws: (any Error).self) { try ReleaseList.decode(Data(named.utf8), path: "releases.json") }
        }
        #expect(ReleaseBuild.refusal("4.1 (41)") == nil)
    }

    @Test("what the writer records from a build reads back; a version with ESC is not written to be refused later")
    func writerReadsBack() throws {
        var build = ReleaseBuild(artifact: "a.apk", sha256: Self.sha, platform: "android", version: "4.1", domains: [])
        let entry = ReleaseEntry(name: "4.1", source: .build(build))
        let list = ReleaseList(releases: [entry])
        #expect(try ReleaseList.decode(list.encoded(), path: "releases.json").releases == list.releases)
        build.version = "4.1\u{1B}[2J"
        let hostile = ReleaseList(releases: [ReleaseEntry(name: "4.1", source: .build(build))])
        #expect(throws: (any Error).self) { try ReleaseList.decode(hostile.encoded(), path: "releases.json") }
    }

    @Test("the record's pins are its manifest; code-pattern pins are told apart by the host's governing policy")
    func pinsAsManifest() {
        let build = Self.record()
        #expect(build.manifest.domains.map(\.host) == ["api.example.com", "login.example.com"])
        #expect(
            build.manifest.policy(for: "x.api.example.com")?.pins.map(\.value) == [Self.pinA, Self.pinC, Self.certD])
        #expect(build.manifest.domains[0].expires == CalendarDay("2027-06-29"))
        #expect(build.manifest.domains[1].mode == .reportOnly)
        #expect(build.codePatternOnly(for: "x.api.example.com").map(\.value) == [Self.pinC, Self.certD])
        #expect(build.codePatternOnly(for: "login.example.com").isEmpty)
        #expect(build.codePatternOnly(for: "other.example.com").isEmpty)
        #expect(build.shown == "build builds/app\u{1B}[2J.apk 4.1 (41), SHA-256 abababababab…")
    }

    @Test("the forecast's text and JSON say where a build's pins came from and mark code-pattern pins")
    func forecastLines() throws {
        let build = Self.record()
        let releases = [
            Release(name: "4.1", manifest: build.manifest, build: build),
            Release(name: "4.0", manifest: build.manifest),
        ]
        let forecast = DomainForecast(host: "api.example.com", releases: releases, scenarios: [], cells: [[], []])
        #expect(
            ForecastText.builds(forecast) == [
                "4.1: pins from build builds/app\u{1B}[2J.apk 4.1 (41), SHA-256 abababababab…; found only by a code "
                    + "pattern: spki-sha256:\(Self.pinC), cert-sha256:\(Self.certD); the app also checks (both must "
                    + "pass; not judged here): spki-sha256:\(Self.pinB)"
            ])
        let json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(forecast)) as? [String: Any]
        let rows = json?["releases"] as? [[String: Any]] ?? []
        let source = rows.first?["build"] as? [String: Any]
        #expect(source?["codePatternOnly"] as? [String] == ["spki-sha256:" + Self.pinC, "cert-sha256:" + Self.certD])
        #expect(source?["alsoChecked"] as? [String] == ["spki-sha256:" + Self.pinB])
        #expect(source?["sha256"] as? String == build.sha256)
        #expect(rows.last?["build"] == nil)
        let elsewhere = DomainForecast(host: "other.example.com", releases: releases, scenarios: [], cells: [[], []])
        #expect(ForecastText.builds(elsewhere).isEmpty)
    }

    @Test("the newest release from a build: the latest day, a day beating none, the last listed among equals")
    func newest() {
        typealias Item = (day: String?, build: Bool)
        func newest(_ items: [Item]) -> Int? {
            Release.newestBuild(items, shipped: { $0.day.flatMap(CalendarDay.init) }, isBuild: { $0.build })
        }
        #expect(newest([]) == nil)
        #expect(newest([("2026-01-01", false)]) == nil)
        #expect(newest([("2026-06-01", true), ("2026-01-01", true), ("2026-09-01", false)]) == 0)
        #expect(newest([(nil, true), ("2026-01-01", true), (nil, true)]) == 1)
        #expect(newest([("2026-01-01", true), ("2026-01-01", true)]) == 1)
        #expect(newest([(nil, true), (nil, true)]) == 1)
    }
}
