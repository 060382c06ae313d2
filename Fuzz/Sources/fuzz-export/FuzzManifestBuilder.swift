import Foundation
import FuzzSupport
import PinningCore

/// Builds a manifest from fuzz bytes: hosts, ports, modes, expiry, and pins whose labels and notes are arbitrary
/// text from the input. Hosts are distinct (exports key some formats by host); most are valid host names spelled
/// from the input, some are arbitrary text, because an export must stay well-formed whatever it is given.
enum FuzzManifestBuilder {
    static func manifest(_ input: inout FuzzInput) -> PinManifest {
        var domains: [DomainPolicy] = []
        var hosts: Set<String> = []
        for _ in 0..<input.int(in: 1...4) {
            let host = input.bool() ? input.string(maxBytes: 40) : hostName(&input)
            guard !host.isEmpty, hosts.insert(host.lowercased()).inserted else { continue }
            var domain = DomainPolicy(host: host)
            domain.port = input.pick([443, 8443, 1, 65535])
            domain.includeSubdomains = input.bool()
            domain.mode = input.bool() ? .enforce : .reportOnly
            if input.bool() { domain.expires = CalendarDay(containing: Date(timeIntervalSince1970: 1_800_000_000)) }
            for _ in 0..<input.int(in: 0...4) {
                domain.pins.append(pin(&input))
            }
            domains.append(domain)
        }
        return PinManifest(domains: domains)
    }

    private static func pin(_ input: inout FuzzInput) -> Pin {
        let digest = input.bytes(32)
        let value = Data(digest + [UInt8](repeating: 0, count: 32 - digest.count)).base64EncodedString()
        let flags = input.byte()
        return Pin(
            type: flags & 1 == 0 ? .spkiSHA256 : .certSHA256,
            value: value,
            role: flags & 2 == 0 ? .active : .backup,
            position: [.any, .leaf, .ca, .leaf][Int(flags >> 2) & 3],
            label: flags & 16 == 0 ? input.string() : nil,
            notAfter: Date(timeIntervalSince1970: 1_900_000_000),
            added: Date(timeIntervalSince1970: 1_700_000_000),
            note: flags & 32 == 0 ? input.string() : nil
        )
    }

    /// One to three LDH labels spelled from the input's bytes.
    private static func hostName(_ input: inout FuzzInput) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var labels: [String] = []
        for _ in 0..<input.int(in: 1...3) {
            let length = input.int(in: 1...8)
            labels.append(String((0..<length).map { _ in alphabet[Int(input.byte()) % alphabet.count] }))
        }
        return labels.joined(separator: ".") + ".test"
    }
}
