import CTWatch
import Crypto
import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import TransparencyLog
import X509

/// The CT watch at scale: a batch of log entries (final certificates and precertificates, about 1 % naming a pinned
/// host) decoded, matched and judged for ten releases, beside a Python peer (`scripts/ct-decode-peer.py`, with
/// `cryptography`) decoding and matching the same bytes; and the Merkle work of a million-entry tree.
enum CTWatchBenchmarks {
    struct Figures {
        var pinbench = Samples()
        var peer = Samples()
        var matched = 0
        var peerMatched = 0
        var frontier = Samples()
        /// Peak resident memory added while reading the first N entries of the batch, per N (MB): flat means
        /// nothing is kept per entry.
        var growth: [(entries: Int, megabytes: Double)] = []
    }

    static func measure(entries count: Int, repeats: Int = 5, python: String?) throws -> Figures {
        let (leaves, manifest) = try batch(count)
        let releases = (0..<10).map { Release(name: "1.\($0)", share: 10, manifest: manifest) }
        let hosts = WatchedHosts(manifests: [manifest])
        var figures = Figures()
        func watch(_ leaves: ArraySlice<[UInt8]>) throws -> Int {
            var matched = 0
            for (index, leaf) in leaves.enumerated() {
                let entry = try LogEntry(index: UInt64(index), leafInput: leaf, extraData: [])
                guard !hosts.hosts(for: entry.dnsNames).isEmpty else { continue }
                if try CTFinding(
                    entry: entry, issuers: [], log: "bench", hosts: hosts, releases: releases, next: manifest,
                    at: Date()) != nil
                {
                    matched += 1
                }
            }
            return matched
        }
        // The peer reads the same bytes from a file; its own clock times only its loop.
        var peerInput: String?
        let folder = TemporaryFolder()
        if python != nil {
            var file = Data(manifest.domains.map(\.host).joined(separator: "\n").utf8) + Data("\n\n".utf8)
            for leaf in leaves { file += Data(withUnsafeBytes(of: UInt32(leaf.count).bigEndian, Array.init) + leaf) }
            peerInput = folder.write("entries.bin", file)
        }
        // Turns alternate, so that a change in the machine's load falls on both sides alike.
        for _ in 0..<repeats {
            let start = Clock.now()
            figures.matched = try watch(leaves[...])
            figures.pinbench.append(Clock.milliseconds(since: start))
            if let python, let peerInput {
                let output = try ProcessRunner.run(python, ["scripts/ct-decode-peer.py", peerInput], timeout: 600)
                    .checked()
                let fields = output.stdoutText.split(separator: " ")
                figures.peerMatched = Int(fields.first ?? "") ?? -1
                figures.peer.append(
                    (Double(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? .nan) * 1000)
            }
        }
        for size in [count / 10, count] {
            guard let before = ProcessMemory.resettingPeak() else { break }
            _ = try watch(leaves.prefix(size))
            guard let after = ProcessMemory(pid: getpid()) else { break }
            figures.growth.append((size, after.peakMB - before.residentMB))
        }
        merkle(&figures)
        return figures
    }

    /// A million leaf hashes appended to a frontier and its root: the Merkle work of reading a million entries
    /// (a step's consistency proof adds about 2 log2(n) hashes, nothing beside this).
    private static func merkle(_ figures: inout Figures) {
        let start = Clock.now()
        var frontier = MerkleFrontier()
        for index in 0..<1_000_000 {
            frontier.append(TreeHash.leaf(withUnsafeBytes(of: UInt64(index).bigEndian, Array.init)))
        }
        precondition(frontier.root != .emptyTree)
        figures.frontier.append(Clock.milliseconds(since: start))
    }

    /// `count` MerkleTreeLeaf encodings (half final certificates, half precertificates) from a pool of certificates
    /// with realistic names, 1 % of them for the manifest's hosts; and that manifest.
    static func batch(_ count: Int) throws -> ([[UInt8]], PinManifest) {
        let root = try CertificateIssuer.root(commonName: "Bench Root")
        let issuer = try CertificateIssuer.intermediate(commonName: "Bench Issuing CA", issuer: root)
        let key = try LabKey(.p256)
        var generator = SeededGenerator(seed: 7)
        let pinnedHosts = (0..<20).map { "api\($0).pinned-shop.example" }
        var pool: [IssuedCertificate] = []
        for index in 0..<400 {
            let names =
                index % 100 == 0
                ? [pinnedHosts[index / 100 % pinnedHosts.count]]
                : [
                    "www.site\(Int.random(in: 0..<1_000_000, using: &generator)).example.com",
                    "site\(index).example.com",
                ]
            let profile = CertificateIssuer.Profile(
                subject: try CertificateIssuer.name(commonName: names[0]), dnsNames: names,
                extendedKeyUsage: ([.serverAuth], false))
            pool.append(try CertificateIssuer.issue(profile, key: key, issuer: issuer))
        }
        let keyHash = Array(SHA256.hash(data: issuer.certificate.publicKey.subjectPublicKeyInfoDER))
        let tbs = try pool.map { try SCTVerifier.tbsWithoutSCTList($0.certificate) }
        var leaves: [[UInt8]] = []
        leaves.reserveCapacity(count)
        for index in 0..<count {
            let pick = index % pool.count
            let time = UInt64(1_790_000_000_000 + index)
            let stamp = (0..<8).reversed().map { UInt8(truncatingIfNeeded: time >> ($0 * 8)) }
            func vector(_ bytes: [UInt8]) -> [UInt8] {
                [UInt8(bytes.count >> 16 & 0xFF), UInt8(bytes.count >> 8 & 0xFF), UInt8(bytes.count & 0xFF)] + bytes
            }
            let body = index % 2 == 0 ? [0, 0] + vector(pool[pick].der) : [0, 1] + keyHash + vector(tbs[pick])
            leaves.append([0, 0] + stamp + body + [0, 0])
        }
        let pins = [Pin(type: .spkiSHA256, value: CertificateDetails(pool[0].certificate).spkiPin)]
        let manifest = PinManifest(domains: pinnedHosts.map { DomainPolicy(host: $0, pins: pins) })
        return (leaves, manifest)
    }
}
