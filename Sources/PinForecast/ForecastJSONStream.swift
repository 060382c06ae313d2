import CommandText
import Foundation
import PinningCore

/// `pinbench forecast --json` written as it is made: the text ``CanonicalJSON`` gives for the whole
/// ``ForecastReport`` (sorted keys, two-space indent), a domain at a time, so that a fleet's document (gigabytes for
/// ten thousand domains by two hundred releases) is never built in memory.
///
/// The report's keys in order are `at`, `domains`, `gate`, `leadTimeDays`, `shippedReleases`, `unreachable` and
/// `until`: the domains come second, and everything after them (the gate, over every domain) is known at the end.
public struct ForecastJSONStream: ForecastSink {
    private let write: (Data) -> Void
    private var head: ForecastHead?
    private var pending: [UInt8] = []
    private var domainsWritten = 0

    /// Writes the document's text to `write`, in pieces of about 64 KiB.
    public init(write: @escaping (Data) -> Void) {
        self.write = write
    }

    private struct Before: Encodable {
        let at: Date
    }

    private struct After: Encodable {
        let gate: ForecastGate
        let leadTimeDays: Int
        let shippedReleases: Int
        let unreachable: [String]
        let until: Date
    }

    public mutating func begin(_ head: ForecastHead) throws {
        self.head = head
        pending += "{\n".utf8
        pending += try Self.members(Before(at: head.at))
        pending += ",\n  \"domains\": [".utf8
    }

    public mutating func domain(_ outlook: DomainOutlook) throws {
        pending += (domainsWritten == 0 ? "\n" : ",\n").utf8
        domainsWritten += 1
        // The outlook's own canonical text, each line indented as an element of the top-level array.
        let text = try CanonicalJSON.encode(outlook, encoder: CommandJSON.encoder())
        var lineStart = true
        for byte in text.dropLast() {
            if lineStart { pending += "    ".utf8 }
            pending.append(byte)
            lineStart = byte == UInt8(ascii: "\n")
        }
        flush(atLeast: 1 << 16)
    }

    public mutating func end(unreachable: [String], gate: ForecastGate) throws {
        guard let head else { return }
        pending += (domainsWritten == 0 ? "],\n" : "\n  ],\n").utf8
        pending += try Self.members(
            After(
                gate: gate, leadTimeDays: head.leadTimeDays, shippedReleases: head.shippedReleases,
                unreachable: unreachable, until: head.until))
        pending += "\n}\n".utf8
        flush(atLeast: 0)
    }

    /// The members of `value`'s canonical object, without its braces: indented as top-level members.
    private static func members<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let text = Array(try CanonicalJSON.encode(value, encoder: CommandJSON.encoder()))
        // "{\n" + members + "\n}\n": an object with at least one member.
        return Array(text[2..<(text.count - 3)])
    }

    private mutating func flush(atLeast size: Int) {
        guard pending.count >= size, !pending.isEmpty else { return }
        write(Data(pending))
        pending.removeAll(keepingCapacity: true)
    }
}
