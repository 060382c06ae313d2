import Foundation

/// RFC 6962's TLS encodings of what a log stores: timestamped entries, `extra_data`, vectors.
enum LabLogEncoding {
    static func integer(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> UInt64($0 * 8)) }
    }

    static func vector(_ bytes: [UInt8], _ lengthBytes: Int) -> [UInt8] {
        integer(UInt64(bytes.count), lengthBytes) + bytes
    }

    static func milliseconds(_ time: Date) -> [UInt8] {
        integer(UInt64(time.timeIntervalSince1970 * 1000), 8)
    }

    /// `TimestampedEntry` of an `x509_entry`, with empty extensions.
    static func timestampedEntry(certificate: [UInt8], at time: Date) -> [UInt8] {
        milliseconds(time) + integer(0, 2) + vector(certificate, 3) + vector([], 2)
    }

    /// `TimestampedEntry` of a `precert_entry`, with empty extensions.
    static func timestampedEntry(tbs: [UInt8], issuerKeyHash: [UInt8], at time: Date) -> [UInt8] {
        milliseconds(time) + integer(1, 2) + issuerKeyHash + vector(tbs, 3) + vector([], 2)
    }

    static func x509ExtraData(chain: [[UInt8]]) -> [UInt8] {
        vector(chain.flatMap { vector($0, 3) }, 3)
    }

    static func precertExtraData(_ precertificate: [UInt8], chain: [[UInt8]]) -> [UInt8] {
        vector(precertificate, 3) + x509ExtraData(chain: chain)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
