import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import Testing
import X509

/// The fleet's path (each release judged as it is read, equal policies sharing a row, the validator's trust once per
/// chain and host) against the plain one: every release judged alone, real chains by the whole validator with the
/// release's manifest, the dates ahead from the whole manifests.
@Suite("Forecast: a fleet judged a release at a time agrees with each release judged alone")
struct FleetForecastTests {
    static let hosts = [ForecastWorld.host, "other.pinbench.test", "unserved.pinbench.test"]

    /// Every policy a release may ship for `host`: pins at every level and of both kinds, both modes, lapsed, lapsing
    /// within the year, none, and a parent's covering its subdomains.
    static func policies(_ world: ForecastWorld, host: String, at time: Date) -> [DomainPolicy?] {
        let inAYear = CalendarDay(containing: time.addingTimeInterval(200 * 86_400))
        let unrelated = Pin(type: .spkiSHA256, value: Data(repeating: 7, count: 32).base64EncodedString())
        let pinSets: [[Pin]] = [
            [Pin(type: .spkiSHA256, value: world.spki(world.leaf))],
            [
                Pin(type: .spkiSHA256, value: world.spki(world.leaf)),
                Pin(type: .spkiSHA256, value: world.spki(world.intermediate), role: .backup),
            ],
            [Pin(type: .spkiSHA256, value: world.spki(world.root))],
            [Pin(type: .certSHA256, value: world.cert(world.leaf))],
            [Pin(type: .spkiSHA256, value: world.spki(world.leaf), position: .ca)],
            [Pin(type: .certSHA256, value: world.cert(world.root), position: .leaf)],
            [unrelated],
            [],
        ]
        var all: [DomainPolicy?] = [nil]
        for pins in pinSets {
            all.append(DomainPolicy(host: host, pins: pins))
            all.append(DomainPolicy(host: host, mode: .reportOnly, pins: pins))
            all.append(DomainPolicy(host: host, expires: CalendarDay("2020-01-01"), pins: pins))
            all.append(DomainPolicy(host: host, expires: inAYear, pins: pins))
        }
        // A label alone differs: an equal verdict from a policy that is not equal.
        all.append(DomainPolicy(host: host, pins: [Pin(type: .spkiSHA256, value: world.spki(world.leaf), label: "x")]))
        all.append(DomainPolicy(host: "pinbench.test", includeSubdomains: true, pins: pinSets[2]))
        return all
    }

    /// `count` releases; with `distinct` 4 they cycle through four manifests, else each draws its own policies.
    static func releases(
        _ world: ForecastWorld, count: Int, distinct: Int, at time: Date, seed: UInt64
    ) -> [Release] {
        var random = SeededGenerator(seed: seed)
        let pools = hosts.map { policies(world, host: $0, at: time) }
        func manifest() -> PinManifest {
            var domains: [DomainPolicy] = []
            for pool in pools {
                if let policy = pool[Int(random.next() % UInt64(pool.count))] { domains.append(policy) }
            }
            return PinManifest(domains: domains)
        }
        let shared = (0..<distinct).map { _ in manifest() }
        return (0..<count).map { index in
            Release(
                name: "r\(index)", share: index % 3 == 0 ? nil : 1,
                manifest: distinct == 4 ? shared[index % 4] : manifest())
        }
    }

    /// An event as names and dates: the fleet's releases carry no pins, so they are compared by name.
    static func shape(_ event: ForecastEvent) -> String {
        let lockouts = event.lockouts.map { "\($0.scenario.rawValue):\($0.releases.map(\.name))" }
        return "\(event.date) \(event.trigger) \(lockouts) \(event.unavoidable.map(\.name))"
    }

    @Test(
        "4 and many distinct pin sets, several seeds: every cell, the dates ahead and the gate agree",
        arguments: [4, 0])
    func agrees(distinct: Int) async throws {
        let world = try ForecastWorld()
        let at = Date()
        let planned = try #require(try world.realised(.renewalNewKey))
        let judge = ForecastJudge(trustAnchors: world.anchors)
        let settings = try ForecastSettings(
            at: at, until: nil, leadTime: 90, gate: "renewal-new-key", planned: true, maxLockout: 5)
        var kinds: Set<String> = []
        for seed in UInt64(1)...4 {
            let releases = Self.releases(world, count: 24, distinct: distinct, at: at, seed: seed)
            let served = [ForecastWorld.host: world.current, "other.pinbench.test": world.current]
            var fleet = await FleetForecast(
                hosts: Self.hosts, served: served, planned: [ForecastWorld.host: planned], judge: judge, at: at)
            for release in releases { fleet.add(release) }
            #expect(fleet.releases.allSatisfy { $0.manifest == PinManifest() }, "the fleet keeps no pins")
            for (index, host) in Self.hosts.enumerated() {
                let (forecast, policies) = fleet.forecast(ofHost: index)
                let book = await judge.forecast(
                    host: host, releases: releases, current: served[host],
                    planned: host == ForecastWorld.host ? planned : nil, at: at)
                #expect(forecast.scenarios == book.scenarios)
                #expect(forecast.today == book.today && forecast.todayRefusal == book.todayRefusal)
                for (release, alone) in releases.enumerated() {
                    for scenario in forecast.scenarios {
                        let cell = try #require(forecast.cell(release: release, scenario))
                        kinds.insert(cell.outcome)
                        let expected: ForecastCell?
                        if scenario.isRealChain {
                            // The plain path: the whole validator with the release's whole manifest.
                            let chain = scenario == .current ? served[host] : planned
                            let verdict = await PinValidator(manifest: alone.manifest, trustAnchors: world.anchors)
                                .validate(host: host, chain: try #require(chain), at: at)
                            expected = ForecastCell(verdict)
                        } else {
                            expected = await judge.forecast(
                                host: host, releases: [alone], current: served[host], at: at
                            ).cell(release: 0, scenario)
                        }
                        #expect(cell == expected, "seed \(seed), \(host), r\(release), \(scenario.rawValue)")
                    }
                }
                let outlook = settings.outlook(forecast, policies: policies, shipped: releases.count, candidate: nil)
                if let today = book.today {
                    let plain = ForecastEvent.events(
                        host: host, releases: releases, today: today, from: at, until: settings.until)
                    #expect(outlook.events.map(Self.shape) == plain.map(Self.shape), "seed \(seed), \(host)")
                }
                var gate = ForecastGate(scenarios: settings.gated, maximum: 5)
                var plainGate = gate
                gate.judge(forecast, shipped: releases.count)
                plainGate.judge(book, shipped: releases.count)
                #expect(gate.failures.map(\.percent) == plainGate.failures.map(\.percent))
                #expect(gate.failures.map(\.withoutShare) == plainGate.failures.map(\.withoutShare))
            }
        }
        // The draws must reach every kind of cell, or the comparison proves little.
        #expect(kinds.isSuperset(of: ["accepted", "locked-out", "lapsed", "report-only", "not-pinned", "refused"]))
    }

    @Test("releases that repeat policies share rows: the rows follow the distinct verdicts, not the releases")
    func rowsFollowVerdicts() async throws {
        let world = try ForecastWorld()
        let at = Date()
        var fleet = await FleetForecast(
            hosts: [ForecastWorld.host], served: [ForecastWorld.host: world.current],
            judge: ForecastJudge(trustAnchors: world.anchors), at: at)
        let leaf = Pin(type: .spkiSHA256, value: world.spki(world.leaf))
        // 40 releases, each with a backup pin of its own: 40 distinct policies, one verdict for all.
        for index in 0..<40 {
            let backup = Pin(type: .spkiSHA256, value: Data(repeating: UInt8(index), count: 32).base64EncodedString())
            let policy = DomainPolicy(host: ForecastWorld.host, pins: [leaf, backup])
            fleet.add(Release(name: "r\(index)", manifest: PinManifest(domains: [policy])))
        }
        let (forecast, policies) = fleet.forecast(ofHost: 0)
        #expect(policies.count == 1)
        #expect(forecast.cells.count == 40 && Set(forecast.cells).count == 1)
    }

    @Test(
        "policies alike in pin values, mode and expiry but not equal are judged each on its own, past the few recalled")
    func alikeButNotEqual() async throws {
        let world = try ForecastWorld()
        let at = Date()
        let host = ForecastWorld.host
        let leaf = world.spki(world.leaf)
        // The same pin value, mode and expiry throughout: only the pin's position or role, the port or the
        // subdomains differ, and the position turns the verdict.
        let alike: [DomainPolicy] = [
            DomainPolicy(host: host, pins: [Pin(type: .spkiSHA256, value: leaf)]),
            DomainPolicy(host: host, pins: [Pin(type: .spkiSHA256, value: leaf, position: .ca)]),
            DomainPolicy(host: host, pins: [Pin(type: .spkiSHA256, value: leaf, role: .backup)]),
            DomainPolicy(host: host, pins: [Pin(type: .spkiSHA256, value: leaf, role: .backup, position: .ca)]),
            DomainPolicy(host: host, port: 8443, pins: [Pin(type: .spkiSHA256, value: leaf, position: .leaf)]),
            DomainPolicy(host: host, includeSubdomains: true, pins: [Pin(type: .spkiSHA256, value: leaf)]),
        ]
        // Cycled, so each comes back after more distinct policies than the ledger recalls.
        let releases = (0..<30).map { index in
            Release(name: "r\(index)", manifest: PinManifest(domains: [alike[(index * 5) % alike.count]]))
        }
        var fleet = await FleetForecast(
            hosts: [host], served: [host: world.current], judge: ForecastJudge(trustAnchors: world.anchors), at: at)
        for release in releases { fleet.add(release) }
        let (forecast, _) = fleet.forecast(ofHost: 0)
        var outcomes: Set<String> = []
        for (index, release) in releases.enumerated() {
            let verdict = await PinValidator(manifest: release.manifest, trustAnchors: world.anchors)
                .validate(host: host, chain: world.current, at: at)
            let cell = try #require(forecast.cell(release: index, .current))
            outcomes.insert(cell.outcome)
            #expect(cell == ForecastCell(verdict), "r\(index)")
        }
        #expect(outcomes.isSuperset(of: ["accepted", "locked-out"]), "the positions must turn the verdict")
    }
}

/// The fleet as the CLI reads it: release manifests decoded from JSON (domains that repeat a pins array share it),
/// many hosts on one wildcard chain and a few on others, so that a release's cells are recalled across hosts
/// (``FleetForecast``'s memo) and its bound is passed.
@Suite("Forecast: releases read from JSON, many hosts on few chains, agree with each release judged alone")
struct FleetFromJSONTests {
    @Test("every cell and the rows' policies agree with the whole validator and the plain judge")
    func agrees() async throws {
        let world = try ForecastWorld()
        let at = Date()
        let profile = CertificateIssuer.Profile(
            subject: try DistinguishedName { CommonName("*.fleet.pinbench.test") },
            dnsNames: ["*.fleet.pinbench.test"], extendedKeyUsage: ([.serverAuth], false))
        let wildcard = try CertificateIssuer.issue(profile, key: world.leaf.key, issuer: world.intermediate)
        let fleetChain = [wildcard.chainCertificate, world.intermediate.chainCertificate]
        let planned = try #require(try world.realised(.renewalNewKey))
        let fleetHosts = (0..<30).map { "h\($0).fleet.pinbench.test" }
        let hosts = fleetHosts + [ForecastWorld.host, "other.pinbench.test", "unserved.fleet.pinbench.test"]
        var served = Dictionary(uniqueKeysWithValues: fleetHosts.map { ($0, fleetChain) })
        served[ForecastWorld.host] = world.current
        served["other.pinbench.test"] = world.current
        let leaf = world.spki(world.leaf)
        let pinSets = [
            #"[{"type":"spki-sha256","value":"\#(leaf)","label":"leaf"}]"#,
            #"[{"type":"spki-sha256","value":"\#(world.spki(world.intermediate))","position":"ca"}]"#,
            #"[{"type":"spki-sha256","value":"\#(world.spki(world.root))","role":"backup"}]"#,
            #"[{"type":"cert-sha256","value":"\#(world.cert(wildcard))","position":"leaf"}]"#,
            #"[{"type":"spki-sha256","value":"\#(leaf)","position":"ca"}]"#,
            #"[{"type":"spki-sha256","value":"\#(Data(repeating: 7, count: 32).base64EncodedString())"}]"#,
        ]
        var random = SeededGenerator(seed: 38)
        var releases: [Release] = []
        for index in 0..<14 {
            let common = pinSets[index % pinSets.count]
            let mode = index % 3 == 2 ? #","mode":"report-only""# : ""
            let expires = index % 4 == 3 ? #","expires":"2020-01-01""# : ""
            var domains: [String] = []
            for (position, host) in hosts.enumerated() where position % 11 != 10 {
                // Most hosts ship the release's common pins (one array, shared); some a set of their own, some the
                // same pins spelled with a label.
                let draw = random.next() % 6
                let pins =
                    draw == 0
                    ? pinSets[Int(random.next() % UInt64(pinSets.count))]
                    : draw == 1 ? common.replacingOccurrences(of: "}]", with: #","note":"x\#(position)"}]"#) : common
                domains.append(#"{"host":"\#(host)","pins":\#(pins)\#(mode)\#(expires)}"#)
            }
            // A parent covering the hosts left out above.
            domains.append(#"{"host":"fleet.pinbench.test","includeSubdomains":true,"pins":\#(pinSets[2])}"#)
            let text = #"{"schema":1,"domains":["# + domains.joined(separator: ",") + "]}"
            let manifest = try ManifestCodec.decode(Data(text.utf8), path: "r\(index).json")
            releases.append(Release(name: "r\(index)", share: 1, manifest: manifest))
        }
        let judge = ForecastJudge(trustAnchors: world.anchors)
        var fleet = await FleetForecast(
            hosts: hosts, served: served, planned: [fleetHosts[0]: planned, ForecastWorld.host: planned], judge: judge,
            at: at)
        for release in releases { fleet.add(release) }
        var kinds: Set<String> = []
        for (index, host) in hosts.enumerated() {
            let (forecast, _) = fleet.forecast(ofHost: index)
            let plannedChain = host == fleetHosts[0] || host == ForecastWorld.host ? planned : nil
            let book = await judge.forecast(
                host: host, releases: releases, current: served[host], planned: plannedChain, at: at)
            #expect(forecast.scenarios == book.scenarios, "\(host)")
            for (release, alone) in releases.enumerated() {
                for scenario in forecast.scenarios {
                    let cell = try #require(forecast.cell(release: release, scenario))
                    kinds.insert(cell.outcome)
                    let expected: ForecastCell?
                    if scenario.isRealChain {
                        let chain = try #require(scenario == .current ? served[host] : plannedChain)
                        let verdict = await PinValidator(manifest: alone.manifest, trustAnchors: world.anchors)
                            .validate(host: host, chain: chain, at: at)
                        expected = ForecastCell(verdict)
                    } else {
                        expected = await judge.forecast(host: host, releases: [alone], current: served[host], at: at)
                            .cell(release: 0, scenario)
                    }
                    #expect(cell == expected, "\(host), r\(release), \(scenario.rawValue)")
                }
            }
        }
        #expect(kinds.isSuperset(of: ["accepted", "locked-out", "lapsed", "report-only", "refused"]), "\(kinds)")
    }
}
