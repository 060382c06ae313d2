import Foundation
import PinningCore

/// Reads App Transport Security pins: `NSAppTransportSecurity › NSPinnedDomains` of an Info.plist (or
/// `NSPinnedDomains` at the root of a standalone plist).
///
/// `NSPinnedLeafIdentities` become pins at position `leaf`, `NSPinnedCAIdentities` pins at position `ca`, each
/// identity's `SPKI-SHA256-BASE64` the pin value; `NSIncludesSubdomains` is `includeSubdomains`. ATS always enforces
/// and has no expiry, so a new domain is enforced and an existing domain keeps its mode and expiry.
enum ATSImporter {
    static func read(_ data: Data, path: String) throws(ImportError) -> ImportedConfiguration {
        let root = try PropertyListInput.rootDictionary(data, path: path)
        var collector = ImportCollector(format: .ats, path: path)
        let pinned: PropertyListValue
        let location: [String]
        if let transport = root["NSAppTransportSecurity"] {
            guard let transport = transport.dictionary, let domains = transport["NSPinnedDomains"] else {
                throw missing(path)
            }
            pinned = domains
            location = ["NSAppTransportSecurity"]
            for key in transport.keys.sorted() where key != "NSPinnedDomains" {
                collector.skip(
                    .unsupportedSetting, at: location + [key],
                    "an App Transport Security setting that is not pinning; not carried")
            }
        } else if let domains = root["NSPinnedDomains"] {
            pinned = domains
            location = []
        } else {
            throw missing(path)
        }
        try collector.addDomains(pinned, named: "NSPinnedDomains", at: location) { host, entry, here, collector in
            readDomain(host: host, entry, at: here, into: &collector)
        }
        return collector.finished()
    }

    private static func readDomain(
        host: String, _ entry: PropertyListDictionary, at location: [String], into collector: inout ImportCollector
    ) -> ImportedDomain {
        var policy = DomainPolicy(host: host, mode: .enforce)
        var lists: Set<PinPosition> = []
        // Leaf identities first, as the exporter writes them, so a round trip keeps the pins' order.
        let order = ["NSIncludesSubdomains", "NSPinnedLeafIdentities", "NSPinnedCAIdentities"]
        let keys = order.filter { entry[$0] != nil } + entry.keys.filter { !order.contains($0) }.sorted()
        for key in keys {
            let here = location + [key]
            let value = entry[key]!
            switch key {
            case "NSIncludesSubdomains":
                guard let flag = value.bool else {
                    collector.skip(.malformedValue, at: here, "not a boolean; includeSubdomains left false")
                    continue
                }
                policy.includeSubdomains = flag
            case "NSPinnedLeafIdentities", "NSPinnedCAIdentities":
                let position: PinPosition = key == "NSPinnedLeafIdentities" ? .leaf : .ca
                guard let identities = value.array else {
                    collector.skip(.malformedValue, at: here, "not a list of identities; no pins imported")
                    continue
                }
                for (index, identity) in identities.enumerated() {
                    // One past the limit is enough for the collector to refuse the domain as too many pins.
                    if policy.pins.count > ImportLimits.maximumPinsPerDomain { break }
                    if let pin = readIdentity(identity, position: position, at: here + ["\(index)"], into: &collector) {
                        if policy.pins.contains(where: { $0.value == pin.value }) {
                            collector.skip(.duplicatePin, at: here + ["\(index)"], "a duplicate pin; imported once")
                            continue
                        }
                        policy.pins.append(pin)
                        lists.insert(position)
                    }
                }
            default:
                collector.skip(.unknownKey, at: here, "not an NSPinnedDomains key this reader knows; not carried")
            }
        }
        if lists.count == 2 {
            collector.skip(
                .semanticsDiffer, at: location,
                "ATS requires a match in both NSPinnedLeafIdentities and NSPinnedCAIdentities; the manifest accepts "
                    + "any one pin, so the imported domain is less strict than the app")
        }
        return ImportedDomain(policy: policy, stated: [.includeSubdomains])
    }

    private static func readIdentity(
        _ identity: PropertyListValue, position: PinPosition, at location: [String],
        into collector: inout ImportCollector
    ) -> Pin? {
        guard let identity = identity.dictionary else {
            collector.skip(.malformedValue, at: location, "not a dictionary; not imported")
            return nil
        }
        var pin: Pin?
        for key in identity.keys.sorted() {
            guard key == "SPKI-SHA256-BASE64" else {
                collector.skip(.unknownKey, at: location + [key], "not an identity key ATS defines; not carried")
                continue
            }
            guard let text = identity[key]?.string else {
                collector.skip(.malformedValue, at: location + [key], "not a string; not imported")
                continue
            }
            if let value = collector.pinValue(text, at: location + [key]) {
                pin = Pin(type: .spkiSHA256, value: value, position: position)
            }
        }
        if identity["SPKI-SHA256-BASE64"] == nil {
            collector.skip(.malformedValue, at: location, "no SPKI-SHA256-BASE64; not imported")
        }
        return pin
    }

    private static func missing(_ path: String) -> ImportError {
        ImportError(
            .missingConfiguration, path: path,
            reason: "holds no ATS pins (no NSAppTransportSecurity › NSPinnedDomains, no NSPinnedDomains)")
    }
}
