import Crypto
import Foundation

/// What makes two reports the same report: the host, the chain, the pins the app knew, the app version and the
/// judgement. The store counts a report with a key it holds instead of storing it again, so a flood of one lockout is
/// one row with a count.
public enum ReportKey {
    /// SHA-256 (hex) over an unambiguous encoding of the parts: each length-prefixed, so no two inputs collide by
    /// moving bytes between parts.
    public static func key(_ report: FieldReport, judgement: ReportJudgement) -> String {
        var hasher = SHA256()
        func add(_ text: String?) {
            let bytes = Array((text ?? "").utf8)
            add(bytes, present: text != nil)
        }
        func add(_ bytes: [UInt8], present: Bool = true) {
            var length = UInt64(bytes.count).bigEndian
            withUnsafeBytes(of: &length) { hasher.update(bufferPointer: $0) }
            hasher.update(data: [present ? 1 : 0])
            hasher.update(data: bytes)
        }
        add(report.host)
        add(chainDigest(report.chainToJudge))
        add(report.knownPins.joined(separator: ","))
        add(report.appVersion)
        add(judgement.kind.rawValue)
        add(judgement.reason.rawValue)
        add(judgement.release)
        return hex(hasher.finalize())
    }

    /// SHA-256 (hex) of a chain: its certificates' DER, each length-prefixed; for an unreadable chain, of its reason.
    public static func chainDigest(_ chain: FieldReport.Chain) -> String {
        var hasher = SHA256()
        switch chain {
        case .none:
            hasher.update(data: [0])
        case .unreadable(let reason):
            hasher.update(data: [1])
            hasher.update(data: Array(reason.utf8))
        case .certificates(let list):
            hasher.update(data: [2])
            for der in list {
                var length = UInt64(der.count).bigEndian
                withUnsafeBytes(of: &length) { hasher.update(bufferPointer: $0) }
                hasher.update(data: der)
            }
        }
        return hex(hasher.finalize())
    }

    static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
