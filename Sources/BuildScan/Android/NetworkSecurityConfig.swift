import Foundation
import PinningCore

/// The meaning of a network security config (developer.android.com/privacy-and-security/security-config): each
/// `domain-config` (nested ones inherit), its `<domain>`s, pin sets with their expiration, trust anchors with
/// `overridePins`, `cleartextTrafficPermitted`, `certificateTransparency`; `base-config` for every other host;
/// `debug-overrides`, which apply only in a debuggable build. Read from the binary XML tree into findings.
struct NetworkSecurityConfig {
    let entry: String
    let debuggable: Bool
    /// Resolves `@raw/…` certificate sources to their entry name.
    let resolve: (UInt32) -> ResourceTable.Resource?

    func findings(_ root: BinaryXMLElement) throws(ScanError) -> [ScanFinding] {
        guard root.name == "network-security-config" else {
            throw ScanError(
                .malformed, entry: entry,
                "the root element is <\(root.name.terminalSafe)>, not <network-security-config>")
        }
        var findings: [ScanFinding] = []
        var counts: [String: Int] = [:]
        for child in root.children {
            counts[child.name, default: 0] += 1
            let path = "network-security-config/\(child.name)[\(counts[child.name]!)]"
            switch child.name {
            case "base-config":
                findings += settings(of: [(child, path)], hosts: [nil], debugOnly: false)
            case "domain-config":
                findings += domainConfig(child, path: path, ancestors: [])
            case "debug-overrides":
                findings.append(
                    ScanFinding(
                        .debugOverrides, value: debuggable ? "applies" : "ignored",
                        detail: debuggable
                            ? "the build is debuggable, so these settings apply to every user"
                            : "the build is not debuggable, so Android ignores these settings",
                        location: location(path, child), certainty: .declared, debugOnly: true))
                findings += settings(of: [(child, path)], hosts: [nil], debugOnly: true)
            default:
                break
            }
        }
        return findings
    }

    private typealias Host = (name: String, includeSubdomains: Bool)

    private typealias Declaring = (element: BinaryXMLElement, path: String)

    /// A domain-config's hosts with its settings; a nested one inherits each setting it does not declare from the
    /// nearest domain-config around it that does (as Android resolves them).
    private func domainConfig(_ element: BinaryXMLElement, path: String, ancestors: [Declaring]) -> [ScanFinding] {
        var hosts: [Host] = []
        var findings: [ScanFinding] = []
        for (index, domain) in element.children.filter({ $0.name == "domain" }).enumerated() {
            let name = domain.text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            let subdomains = domain.attribute("includeSubdomains")?.boolean ?? false
            hosts.append((name, subdomains))
            findings.append(
                ScanFinding(
                    .domain, host: name, includeSubdomains: subdomains, value: name,
                    location: location("\(path)/domain[\(index + 1)]", domain), certainty: .declared))
        }
        let chain = [(element, path)] + ancestors
        findings += settings(of: chain, hosts: hosts.map { Optional($0) }, debugOnly: false)
        var nested = 0
        for child in element.children where child.name == "domain-config" {
            nested += 1
            findings += domainConfig(child, path: "\(path)/domain-config[\(nested)]", ancestors: chain)
        }
        return findings
    }

    /// The settings that apply to each host (nil: every host, base-config): each taken from the first element of
    /// `chain` (innermost first) that declares it.
    private func settings(of chain: [Declaring], hosts: [Host?], debugOnly: Bool) -> [ScanFinding] {
        func declaring(_ has: (BinaryXMLElement) -> Bool) -> Declaring? { chain.first { has($0.element) } }
        func hasChild(_ name: String) -> (BinaryXMLElement) -> Bool { { $0.children.contains { $0.name == name } } }
        var findings: [ScanFinding] = []
        for host in hosts {
            func add(
                _ kind: ScanFinding.Kind, _ value: String, _ detail: String?, _ at: String, _ node: BinaryXMLElement,
                rules: [ReleaseRule] = []
            ) {
                findings.append(
                    ScanFinding(
                        kind, host: host?.name, includeSubdomains: host?.includeSubdomains, value: value,
                        detail: detail,
                        location: location(at, node), certainty: .declared, debugOnly: debugOnly, rules: rules))
            }
            if let (element, path) = declaring({ $0.attribute("cleartextTrafficPermitted") != nil }),
                let cleartext = element.attribute("cleartextTrafficPermitted")
            {
                add(.cleartextTraffic, cleartext.text, nil, path + "@cleartextTrafficPermitted", element)
            }
            if let (element, path) = declaring(hasChild("certificateTransparency")) {
                for child in element.children where child.name == "certificateTransparency" {
                    // Android's XmlConfigSource reads `enabled` with false as its default: an element without
                    // the attribute opts in to nothing.
                    add(
                        .certificateTransparency, child.attribute("enabled")?.text ?? "false", nil,
                        path + "/certificateTransparency", child)
                }
            }
            if let (element, path) = declaring(hasChild("pin-set")) {
                for pinSet in element.children where pinSet.name == "pin-set" {
                    let setPath = path + "/pin-set"
                    if let expiration = pinSet.attribute("expiration") {
                        add(
                            .pinExpiration, expiration.text, "after this date the pins no longer apply",
                            setPath + "@expiration", pinSet)
                    }
                    for (index, pin) in pinSet.children.filter({ $0.name == "pin" }).enumerated() {
                        let digest = (pin.attribute("digest")?.text ?? "SHA-256").uppercased()
                        let value = pin.text.trimmingCharacters(in: .whitespacesAndNewlines)
                        let algorithm = digest == "SHA-256" ? "sha256" : digest.lowercased()
                        add(
                            .pin, "\(algorithm)/\(value)", PinText.check(value, digest: digest),
                            "\(setPath)/pin[\(index + 1)]", pin)
                    }
                }
            }
            if let (element, path) = declaring(hasChild("trust-anchors")) {
                for anchors in element.children where anchors.name == "trust-anchors" {
                    for (index, certificates) in anchors.children.filter({ $0.name == "certificates" }).enumerated() {
                        let at = "\(path)/trust-anchors/certificates[\(index + 1)]"
                        let source = anchorSource(certificates.attribute("src"))
                        let applies = !debugOnly || debuggable
                        let overrides = certificates.attribute("overridePins")?.boolean == true
                        var rules: [ReleaseRule] = []
                        if applies && source == "user" { rules.append(.userTrust) }
                        if applies && overrides { rules.append(.overridePins) }
                        add(
                            .trustAnchor, source, overrides ? "overridePins=\"true\": these CAs bypass every pin" : nil,
                            at,
                            certificates, rules: rules)
                    }
                }
            }
        }
        return findings
    }

    /// `system`, `user`, or the entry a `@raw/…` reference names (`res/raw/corp_ca.der`).
    private func anchorSource(_ value: ResourceValue?) -> String {
        switch value {
        case .reference(let id):
            if let resource = resolve(id), case .string(let file) = resource.value { return file }
            return "@0x" + String(id, radix: 16) + " (not in resources.arsc)"
        case let value?: return value.text
        case nil: return "(no src)"
        }
    }

    private func location(_ path: String, _ element: BinaryXMLElement) -> ScanLocation {
        ScanLocation(entry: entry, keyPath: path, line: element.line)
    }
}

/// Whether a pin's text is what Android accepts: base64 of a digest of the right length.
enum PinText {
    static func check(_ value: String, digest: String) -> String? {
        guard digest == "SHA-256" else { return "digest \(digest): Android accepts only SHA-256" }
        guard let bytes = Data(base64Encoded: value), bytes.count == 32 else {
            return "not base64 of 32 bytes: Android refuses this configuration"
        }
        return nil
    }
}
