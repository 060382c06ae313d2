import Crypto
import Foundation
import PinningCore
import TransparencyLog
import X509

/// A Certificate Transparency log for the lab and the tests: it takes certificates and precertificates, signs tree
/// heads with its P-256 key, and answers both read APIs (RFC 6962 and static-ct-api tiles) as HTTP paths. It can be
/// told to misbehave in the ways a watcher must catch (``LabLogFault``).
public final class LabLog: @unchecked Sendable {
    // @unchecked Sendable: every mutable field is touched only with `lock` held.
    public let key: P256.Signing.PrivateKey
    /// The checkpoint origin: the submission prefix without its scheme.
    public let origin: String
    private let lock = NSLock()
    private var tree = LabLogTree()
    private var records: [Record] = []
    private var issuers: [String: [UInt8]] = [:]
    private var published: [TreeHead] = []
    private var fault: LabLogFault?
    private var entriesPerAnswer: UInt64 = 100

    struct Record {
        var leafInput: [UInt8]
        var extraData: [UInt8]
        var tileLeaf: [UInt8]
    }

    public init(origin: String, key: P256.Signing.PrivateKey = P256.Signing.PrivateKey()) {
        self.origin = origin
        self.key = key
    }

    /// How many entries are logged, published or not.
    public var size: Int {
        lock.lock()
        defer { lock.unlock() }
        return records.count
    }

    public var spki: [UInt8] { Array(key.publicKey.derRepresentation) }
    public var logID: [UInt8] { Array(SHA256.hash(data: spki)) }

    /// This log as the log list describes it, at `url`.
    public func listEntry(description: String, url: String) -> CTLogList.Log {
        CTLogList.Log(
            description: description, operatorName: "PinBench Lab", logID: logID, key: spki, url: url, state: "usable")
    }

    /// Logs a final certificate issued by `chain` (issuers, nearest first); returns its index.
    @discardableResult
    public func log(_ certificate: [UInt8], chain: [[UInt8]], at time: Date = Date()) -> UInt64 {
        let entry = LabLogEncoding.timestampedEntry(certificate: certificate, at: time)
        return append(entry: entry, extra: LabLogEncoding.x509ExtraData(chain: chain), tileExtra: [], chain: chain)
    }

    /// Logs a precertificate: the log hashes its TBSCertificate (without poison or SCTs) and its issuer's key hash.
    @discardableResult
    public func logPrecertificate(
        _ precertificate: Certificate, issuer: Certificate, chain: [[UInt8]], at time: Date = Date()
    ) throws -> UInt64 {
        let tbs = try SCTVerifier.tbsWithoutSCTList(precertificate)
        let keyHash = Array(SHA256.hash(data: issuer.publicKey.subjectPublicKeyInfoDER))
        let entry = LabLogEncoding.timestampedEntry(tbs: tbs, issuerKeyHash: keyHash, at: time)
        let precert = precertificate.derBytes
        return append(
            entry: entry, extra: LabLogEncoding.precertExtraData(precert, chain: chain),
            tileExtra: LabLogEncoding.vector(precert, 3), chain: chain)
    }

    private func append(entry: [UInt8], extra: [UInt8], tileExtra: [UInt8], chain: [[UInt8]]) -> UInt64 {
        let fingerprints = chain.map { Array(SHA256.hash(data: $0)) }
        let leafInput = [0, 0] + entry
        let tileLeaf = entry + tileExtra + LabLogEncoding.vector(fingerprints.flatMap { $0 }, 2)
        lock.lock()
        defer { lock.unlock() }
        for (issuer, fingerprint) in zip(chain, fingerprints) { issuers[LabLogEncoding.hex(fingerprint)] = issuer }
        records.append(Record(leafInput: leafInput, extraData: extra, tileLeaf: tileLeaf))
        tree.append(.leaf(leafInput))
        return UInt64(records.count - 1)
    }

    /// Signs a tree head for every entry logged so far: what the read APIs serve from now on.
    @discardableResult
    public func publish(at time: Date = Date()) -> TreeHead {
        lock.lock()
        defer { lock.unlock() }
        let head = TreeHead(
            size: tree.size, root: tree.root(0, tree.size),
            timestampMilliseconds: UInt64(time.timeIntervalSince1970 * 1000))
        published.append(head)
        return head
    }

    /// From now on the log misbehaves this way (nil: it behaves).
    public func misbehave(_ fault: LabLogFault?) {
        lock.lock()
        defer { lock.unlock() }
        if case .forkAt(let index) = fault, Int(index) < records.count {
            // Another history: one entry's bytes changed, the tree rebuilt, and a head signed for it.
            records[Int(index)].leafInput[records[Int(index)].leafInput.count - 3] ^= 0x01
            var forked = LabLogTree()
            for record in records { forked.append(.leaf(record.leafInput)) }
            tree = forked
            published.append(
                TreeHead(
                    size: tree.size, root: tree.root(0, tree.size),
                    timestampMilliseconds: (published.last?.timestampMilliseconds ?? 0) + 1))
        }
        self.fault = fault
    }

    /// From now on `get-entries` answers at most `count` entries at once (real logs cap it; a slow log may answer one
    /// at a time).
    public func answerEntries(atMost count: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        entriesPerAnswer = max(1, count)
    }

    /// The answer to a GET of `path` under the log's prefix.
    public func respond(to path: String) -> LabLogResponse {
        lock.lock()
        defer { lock.unlock() }
        guard let head = currentHead() else { return .notFound("no tree head published yet") }
        if path == "checkpoint" { return checkpoint(head) }
        if path.hasPrefix("ct/v1/") { return rfc6962(path, head: head) }
        if path.hasPrefix("tile/") { return tile(path, head: head) }
        if path.hasPrefix("issuer/"), let issuer = issuers[String(path.dropFirst("issuer/".count))] {
            return LabLogResponse(status: 200, body: issuer, contentType: "application/pkix-cert")
        }
        return .notFound("no such path")
    }

    /// The head the APIs serve: the latest, an earlier one for a log that rewinds, or one that claims a size or a
    /// time no log can hold (signed all the same).
    private func currentHead() -> TreeHead? {
        switch fault {
        case .rewind where published.count > 1: return published[published.count - 2]
        case .claimedSize(let size):
            guard let last = published.last else { return nil }
            return TreeHead(size: size, root: last.root, timestampMilliseconds: last.timestampMilliseconds)
        case .claimedTimestamp(let milliseconds):
            guard let last = published.last else { return nil }
            return TreeHead(size: last.size, root: last.root, timestampMilliseconds: milliseconds)
        default: return published.last
        }
    }

    /// A signature over `head` by this log (or, for a log told to, by another key).
    func signature(_ head: TreeHead) -> [UInt8] {
        let signer = fault == .badSignature ? P256.Signing.PrivateKey() : key
        let signature = Array((try? signer.signature(for: head.signedBytes).derRepresentation) ?? Data())
        return [4, 3] + LabLogEncoding.vector(signature, 2)
    }

    var recordsForServing: [Record] { records }
    var treeForServing: LabLogTree {
        get { tree }
        set { tree = newValue }
    }
    var currentFault: LabLogFault? { fault }
    var entriesPerRequest: UInt64 { entriesPerAnswer }
}

/// The ways a lab log misbehaves on purpose.
public enum LabLogFault: Hashable, Sendable {
    /// Rewrites entry `index` and signs a head for the new history: a fork.
    case forkAt(UInt64)
    /// Serves the previous tree head again: a rewind.
    case rewind
    /// Signs tree heads with a key that is not the log's.
    case badSignature
    /// Serves entry `index` with other bytes than the tree holds.
    case mismatchedEntry(UInt64)
    /// Signs and serves tree heads that claim this many entries (up to 2^64 - 1), over the real root.
    case claimedSize(UInt64)
    /// Signs and serves tree heads with this timestamp (milliseconds, up to 2^64 - 1).
    case claimedTimestamp(UInt64)
}

/// One HTTP answer of a lab log.
public struct LabLogResponse: Sendable {
    public let status: Int
    public let body: [UInt8]
    public let contentType: String

    static func notFound(_ why: String) -> LabLogResponse {
        LabLogResponse(status: 404, body: Array((why + "\n").utf8), contentType: "text/plain")
    }

    static func json(_ object: Any) -> LabLogResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return LabLogResponse(status: 200, body: Array(data), contentType: "application/json")
    }
}
