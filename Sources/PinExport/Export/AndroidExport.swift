import ClientModels
import PinningCore

/// Android Network Security Config: a `domain-config` with a `pin-set` per domain.
///
/// Every manifest string is escaped for its place (``XMLEncoding``): hosts as element text, the expiry as an
/// attribute value, labels in comments.
///
/// Android's `expiration` is the first day without pins (parsed as midnight at its start, device time), the
/// manifest's `expires` the last day with them: the export writes the day after `expires`.
///
/// With a `target` that opts in to Certificate Transparency (API 36 and later, ``AndroidTarget``), each domain-config
/// carries `<certificateTransparency enabled="true"/>`: the Android client model then requires CT for its hosts.
enum AndroidExport {
    static func render(_ domains: [DomainPolicy], target: AndroidTarget? = nil) -> ExportResult {
        var warnings: [String] = []
        var lines = ["<?xml version=\"1.0\" encoding=\"utf-8\"?>", "<network-security-config>"]
        for domain in domains {
            let (pins, notes) = PinExporter.spkiPins(domain, format: "Android")
            warnings += notes
            var altered = [domain.host]
            lines.append("    <domain-config>")
            lines.append(
                "        <domain includeSubdomains=\"\(domain.includeSubdomains)\">"
                    + "\(XMLEncoding.text(domain.host))</domain>"
            )
            let expiration = domain.expires.map {
                " expiration=\"\(XMLEncoding.attributeValue($0.next.description))\""
            }
            lines.append("        <pin-set\(expiration ?? "")>")
            for pin in pins {
                if let label = pin.label {
                    lines.append("            <!-- \(XMLEncoding.comment(label + ", " + pin.role.rawValue)) -->")
                }
                lines.append("            <pin digest=\"SHA-256\">\(XMLEncoding.text(pin.value))</pin>")
                altered.append(pin.value)
            }
            lines.append("        </pin-set>")
            if target?.optsInToTransparency == true {
                lines.append("        <certificateTransparency enabled=\"true\"/>")
            }
            lines.append("    </domain-config>")
            warnings += PinExporter.alteredWarnings(altered.filter { !XMLEncoding.canCarry($0) }, format: "Android")
        }
        lines.append("</network-security-config>")
        return ExportResult(text: lines.joined(separator: "\n") + "\n", warnings: warnings)
    }
}
