import Foundation
import Testing
import Workbench

@testable import TerminalBackend

/// The OSC 52 clipboard sequence: whatever the text holds, the terminal receives one sequence whose payload is
/// base64 of the text's UTF-8, so no byte of a certificate's name can end it early or start another sequence.
@Suite("Terminal backend: OSC 52 clipboard sequence")
struct OSC52Tests {
    static let prefix = Array("\u{1B}]52;c;".utf8)
    static let base64Alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".utf8)

    /// The text carried by `sequence`, nil unless it is exactly prefix, base64 and BEL.
    func payload(_ sequence: [UInt8]) -> String? {
        guard sequence.starts(with: Self.prefix), sequence.last == 0x07 else { return nil }
        let body = sequence.dropFirst(Self.prefix.count).dropLast()
        guard body.allSatisfy(Self.base64Alphabet.contains), let data = Data(base64Encoded: Data(body)) else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    @Test("text with escapes, BEL, newlines and non-ASCII comes back whole from the sequence's payload")
    func hostileText() throws {
        for text in ["", "sha256/AAAA=", "a\u{1B}]52;c;evil\u{07}b", "line\nline\r\n", "\u{9B}31m", "pinné 🔒"] {
            let sequence = try #require(OSC52.sequence(text))
            #expect(payload(sequence) == text)
            #expect(sequence.filter { $0 == 0x1B }.count == 1 && sequence.filter { $0 == 0x07 }.count == 1)
        }
    }

    @Test("text of exactly the clipboard limit is sent; one byte more is refused")
    func limit() throws {
        let limit = OutputRequest.clipboardLimit
        let atLimit = String(repeating: "x", count: limit)
        #expect(payload(try #require(OSC52.sequence(atLimit))) == atLimit)
        #expect(OSC52.sequence(atLimit + "x") == nil)
        let multibyte = String(repeating: "é", count: limit / 2)
        #expect(OSC52.sequence(multibyte) != nil, "the limit counts UTF-8 bytes")
        #expect(OSC52.sequence(multibyte + "é") == nil)
    }
}
