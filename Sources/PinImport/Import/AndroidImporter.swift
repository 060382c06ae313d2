import Foundation
import PinningCore

/// Reads an Android Network Security Config (`res/xml/network_security_config.xml`).
///
/// Every `<domain>` of a `<domain-config>` becomes a domain with the config's `<pin-set>` (pins with
/// `digest="SHA-256"`, position any) and its `expiration` (Android's first day without
/// pins) as `expires` the day before; `includeSubdomains` comes from the
/// `<domain>` element. A nested `<domain-config>` inherits its parent's pin-set unless it has its own, as Android
/// does. Android always enforces, so a new domain is enforced and an existing domain keeps its mode.
enum AndroidImporter {
    static func read(_ data: Data, path: String) throws(ImportError) -> ImportedConfiguration {
        let root = try XMLElementNode.parse(data, path: path)
        guard root.name == "network-security-config" else {
            throw ImportError(
                .missingConfiguration, path: path,
                reason: "its root element is <\(ImportText.shown(root.name))>, not <network-security-config>")
        }
        var collector = ImportCollector(format: .android, path: path)
        for child in root.children {
            switch child.name {
            case "domain-config":
                try readDomainConfig(child, inherited: nil, at: [root.name], into: &collector)
            case "base-config", "debug-overrides":
                collector.skip(
                    .unsupportedSetting, at: [root.name, child.shown],
                    "trust and cleartext settings for every domain, not pins; not carried")
            default:
                collector.skip(.unknownKey, at: [root.name, child.shown], "not an element Android defines here")
            }
        }
        return collector.finished()
    }

    /// A pin-set as read, passed down to nested domain-configs.
    private struct PinSet {
        var pins: [Pin] = []
        var expiration: CalendarDay?
    }

    private static func readDomainConfig(
        _ config: XMLElementNode, inherited: PinSet?, at parent: [String], into collector: inout ImportCollector
    ) throws(ImportError) {
        let location = parent + [config.shown]
        for name in config.attributes.keys.sorted() {
            if name == "cleartextTrafficPermitted" {
                collector.skip(
                    .unsupportedSetting, at: location + [name], "a cleartext setting, not pinning; not carried")
            } else {
                collector.skip(.unknownKey, at: location + [name], "not an attribute of <domain-config>; not carried")
            }
        }
        var pinSet = inherited
        if let element = config.children.first(where: { $0.name == "pin-set" }) {
            pinSet = readPinSet(element, at: location, into: &collector)
        }
        var seenPinSet = false
        for child in config.children {
            switch child.name {
            case "domain":
                try readDomain(child, pinSet: pinSet, at: location, into: &collector)
            case "pin-set":
                if seenPinSet {
                    collector.skip(
                        .malformedValue, at: location + [child.shown], "a second pin-set; Android allows one, not read")
                }
                seenPinSet = true
            case "domain-config":
                try readDomainConfig(child, inherited: pinSet, at: location, into: &collector)
            case "trust-anchors":
                collector.skip(
                    .unsupportedSetting, at: location + [child.shown],
                    "per-domain trust anchors are not carried: the manifest's trustAnchors apply to every domain; "
                        + "add the certificate files there if they are needed")
            default:
                collector.skip(.unknownKey, at: location + [child.shown], "not an element of <domain-config>")
            }
        }
    }

    private static func readPinSet(
        _ element: XMLElementNode, at parent: [String], into collector: inout ImportCollector
    ) -> PinSet {
        let location = parent + [element.shown]
        var pinSet = PinSet()
        for name in element.attributes.keys.sorted() {
            let value = element.attributes[name]!
            guard name == "expiration" else {
                collector.skip(.unknownKey, at: location + [name], "not an attribute of <pin-set>; not carried")
                continue
            }
            guard let day = CalendarDay(value.trimmingCharacters(in: .whitespaces)) else {
                collector.skip(
                    .malformedValue, at: location + [name],
                    "\"\(ImportText.shown(value))\" is not a date written YYYY-MM-DD; imported without expiry")
                continue
            }
            pinSet.expiration = day.previous
        }
        for pin in element.children {
            let here = location + [pin.shown]
            guard pin.name == "pin" else {
                collector.skip(.unknownKey, at: here, "not an element of <pin-set>")
                continue
            }
            let digest = pin.attributes["digest"] ?? ""
            guard digest == "SHA-256" else {
                let named = digest.isEmpty ? "no digest attribute" : "digest \"\(ImportText.shown(digest))\""
                collector.skip(
                    .unsupportedDigest, at: here,
                    "\(named): only SHA-256 pins are carried (Android itself accepts only SHA-256)")
                continue
            }
            guard let value = collector.pinValue(pin.trimmedText, at: here) else { continue }
            if pinSet.pins.contains(where: { $0.value == value }) {
                collector.skip(.duplicatePin, at: here, "a duplicate pin; imported once")
                continue
            }
            pinSet.pins.append(Pin(type: .spkiSHA256, value: value))
        }
        return pinSet
    }

    private static func readDomain(
        _ element: XMLElementNode, pinSet: PinSet?, at parent: [String], into collector: inout ImportCollector
    ) throws(ImportError) {
        let here = parent + [element.shown]
        guard let host = collector.host(element.trimmedText, at: here) else { return }
        var includeSubdomains = false
        for name in element.attributes.keys.sorted() {
            let value = element.attributes[name]!
            guard name == "includeSubdomains" else {
                collector.skip(.unknownKey, at: here + [name], "not an attribute of <domain>; not carried")
                continue
            }
            switch value.trimmingCharacters(in: .whitespaces) {
            case "true": includeSubdomains = true
            case "false": includeSubdomains = false
            default:
                collector.skip(
                    .malformedValue, at: here + [name],
                    "\"\(ImportText.shown(value))\" is not true or false; includeSubdomains left false")
            }
        }
        let policy = DomainPolicy(
            host: host, includeSubdomains: includeSubdomains, mode: .enforce, expires: pinSet?.expiration,
            pins: pinSet?.pins ?? [])
        try collector.add(ImportedDomain(policy: policy, stated: [.includeSubdomains, .expires]), at: here)
    }
}
