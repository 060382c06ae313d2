import Foundation
import ManifestEditing
import ManifestFiles
import ManifestLint
import PinForecast
import PinningCore
import TestSupport
import Testing

/// ``BuildDrift``: a build's policy against the manifest, by meaning; and lint's rule for the newest release taken
/// from a build, gathered from the releases file beside the manifest.
@Suite("Build drift")
struct BuildDriftTests {
    static let a = "7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y="
    static let b = "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="
    static let c = "x4QzPSC810K5/cMjb05Qm4k3Bw5zBn4lTdO/nEW/Td4="
    static let d = Data(repeating: 4, count: 32).base64EncodedString()
    static let e = Data(repeating: 5, count: 32).base64EncodedString()
    static let x = Data(repeating: 9, count: 32).base64EncodedString()

    static let manifest = PinManifest(domains: [
        DomainPolicy(
            host: "api.example.com",
            pins: [
                Pin(type: .spkiSHA256, value: a), Pin(type: .spkiSHA256, value: b, role: .backup),
                Pin(type: .spkiSHA256, value: c, position: .leaf), Pin(type: .certSHA256, value: x),
            ]),
        DomainPolicy(
            host: "login.example.com", pins: [Pin(type: .spkiSHA256, value: a), Pin(type: .spkiSHA256, value: b)]),
        DomainPolicy(
            host: "gone.example.com", pins: [Pin(type: .spkiSHA256, value: a), Pin(type: .spkiSHA256, value: b)]),
        DomainPolicy(host: "unpinned.example.com"),
    ])

    static let build = PinManifest(domains: [
        DomainPolicy(
            host: "api.example.com",
            pins: [
                Pin(type: .spkiSHA256, value: a), Pin(type: .spkiSHA256, value: c, position: .ca),
                Pin(type: .spkiSHA256, value: x),
            ]),
        DomainPolicy(
            host: "login.example.com", includeSubdomains: true, mode: .reportOnly,
            pins: [Pin(type: .spkiSHA256, value: a), Pin(type: .spkiSHA256, value: b)]),
        DomainPolicy(host: "extra.example.com", pins: [Pin(type: .spkiSHA256, value: d)]),
    ])

    @Test("every kind of drift, each once, with what each side has")
    func everyKind() {
        let drift = BuildDrift.compare(
            manifest: Self.manifest, build: Self.build,
            unplaced: [(Pin(type: .spkiSHA256, value: Self.b), ["b"]), (Pin(type: .spkiSHA256, value: Self.e), ["e"])])
        typealias D = BuildDrift.Difference
        #expect(
            drift.differences == [
                D(
                    .backupMissing, host: "api.example.com", pin: "spki-sha256:" + Self.b, manifest: "backup",
                    build: "held with no host"),
                D(
                    .positionDiffers, host: "api.example.com", pin: "spki-sha256:" + Self.c, manifest: "leaf",
                    build: "ca"),
                D(
                    .typeDiffers, host: "api.example.com", pin: "cert-sha256:" + Self.x, manifest: "cert-sha256",
                    build: "spki-sha256"),
                D(
                    .settingDiffers, host: "login.example.com", manifest: "includeSubdomains false",
                    build: "includeSubdomains true"),
                D(.settingDiffers, host: "login.example.com", manifest: "mode enforce", build: "mode report-only"),
                D(.hostMissing, host: "gone.example.com", manifest: "2 pins", build: "1 of its pins held with no host"),
                D(
                    .unknownPin, host: "extra.example.com", pin: "spki-sha256:" + Self.d,
                    manifest: "no policy for the host"),
                D(.unknownPin, host: nil, pin: "spki-sha256:" + Self.e, build: "held with no host"),
            ])
        #expect(drift.drifted)
        #expect(
            drift.textLines.contains(
                "api.example.com: backup pin spki-sha256:\(Self.b) never made it into the build (held with no host)"))
    }

    @Test("a build that ships the manifest's pins does not drift; a build position any matches any position")
    func none() {
        #expect(!BuildDrift.compare(manifest: Self.manifest, build: Self.manifest).drifted)
        var loose = Self.manifest
        for index in loose.domains.indices {
            for pin in loose.domains[index].pins.indices { loose.domains[index].pins[pin].position = .any }
        }
        #expect(!BuildDrift.compare(manifest: Self.manifest, build: loose).drifted)
        // A parent with includeSubdomains governs the host in the build.
        let parent = PinManifest(domains: [
            DomainPolicy(
                host: "example.com", includeSubdomains: true,
                pins: [Pin(type: .spkiSHA256, value: Self.a), Pin(type: .spkiSHA256, value: Self.b)])
        ])
        let child = PinManifest(domains: [
            DomainPolicy(host: "login.example.com", pins: [Pin(type: .spkiSHA256, value: Self.a)])
        ])
        let drift = BuildDrift.compare(manifest: child, build: parent)
        #expect(drift.differences.map(\.kind) == [.settingDiffers, .unknownPin, .unknownPin], "example.com is unknown")
    }

    @Test("the report's JSON reads back as the same value")
    func json() throws {
        let drift = BuildDrift.compare(manifest: Self.manifest, build: Self.build)
        let report = DriftReport(artifact: "app\u{1B}.apk", manifest: "pins.json", version: "4.1", drift: drift)
        let data = try CanonicalJSON.encode(report)
        #expect(try JSONDecoder().decode(DriftReport.self, from: data) == report)
        #expect(report.textLines.first == "app\u{1B}.apk (version 4.1) against pins.json: 7 differences")
        let clean = DriftReport(
            artifact: "a.apk", manifest: "pins.json", version: nil, drift: BuildDrift(differences: []))
        #expect(clean.textLines == ["a.apk against pins.json: no drift"])
    }

    static func record(_ domains: [DomainPolicy], artifact: String) -> ReleaseBuild {
        ReleaseBuild(
            artifact: artifact, sha256: String(repeating: "0", count: 64), platform: "android", version: "4.1",
            domains: domains.map { domain in
                ReleaseBuild.Domain(
                    host: domain.host, includeSubdomains: domain.includeSubdomains, mode: domain.mode,
                    pins: domain.pins.map {
                        ReleaseBuild.FoundPin(
                            pin: Pin(type: $0.type, value: $0.value, position: $0.position),
                            found: [.init(entry: "classes.dex", certainty: .codePattern)])
                    })
            })
    }

    @Test("lint warns when the newest release from a build drifts, naming it; not for an older one; fails closed")
    func lintRule() throws {
        let folder = TemporaryFolder()
        let url = folder.url.appendingPathComponent("pins.json")
        let document = ManifestDocument(manifest: Self.manifest, url: url, loadedFingerprint: nil)
        func rules() -> [LintFinding] {
            ManifestLinter(LintEnvironment.gather(for: document)).lint(document, now: Date()).filter {
                $0.rule == .buildDrift
            }
        }
        #expect(rules().isEmpty)
        let releases = folder.url.appendingPathComponent("releases.json")
        // The newest by the day it shipped drifts; an older one matching the manifest is not the one judged.
        try ManifestStore.update(ReleaseList.self, at: releases) { list in
            list.releases = [
                ReleaseEntry(
                    name: "4.2", shipped: CalendarDay("2026-06-01"),
                    source: .build(Self.record(Self.build.domains, artifact: "app-4.2.apk"))),
                ReleaseEntry(
                    name: "4.0", shipped: CalendarDay("2026-01-01"),
                    source: .build(Self.record(Self.manifest.domains.filter { !$0.pins.isEmpty }, artifact: "old.apk"))),
                ReleaseEntry(name: "git", source: .revision("HEAD", path: nil)),
            ]
        }
        let found = rules()
        #expect(found.count == 7, "\(found.map(\.formatted))")
        #expect(found.allSatisfy { $0.severity == .warning && $0.message.hasPrefix("release 4.2 (build app-4.2.apk") })
        #expect(found.contains { $0.host == "gone.example.com" && $0.message.contains("no policy of the build") })
        // The fix names the build from the folder lint runs in (the record names it from the releases file's).
        let artifact = folder.url.appendingPathComponent("app-4.2.apk").standardizedFileURL.path
        let fix = found.first?.fix ?? ""
        #expect(fix.contains("pinbench drift \(artifact) --manifest "), "\(fix)")
        try ManifestStore.update(ReleaseList.self, at: releases) { list in list.releases.removeFirst() }
        #expect(rules().isEmpty)
        folder.write("releases.json", "{\"schema\": 1, \"releases\": [{\"name\": 1}]}")
        let broken = rules()
        #expect(broken.count == 1 && broken.first?.message.contains("cannot be read") == true)
    }
}
