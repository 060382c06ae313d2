import Foundation

/// Android Network Security Config: a `domain-config` with a `pin-set` per domain.
enum AndroidExport {
    static func render(_ domains: [DomainPolicy]) -> ExportResult {
        var warnings: [String] = []
        var lines = ["<?xml version=\"1.0\" encoding=\"utf-8\"?>", "<network-security-config>"]
        for domain in domains {
            let (pins, notes) = PinExporter.spkiPins(domain, format: "Android")
            warnings += notes
            lines.append("    <domain-config>")
            lines.append(
                "        <domain includeSubdomains=\"\(domain.includeSubdomains)\">\(escape(domain.host))</domain>"
            )
            let expiration = domain.expires.map { " expiration=\"\($0)\"" } ?? ""
            lines.append("        <pin-set\(expiration)>")
            for pin in pins {
                if let label = pin.label { lines.append("            <!-- \(escape(label)), \(pin.role.rawValue) -->") }
                lines.append("            <pin digest=\"SHA-256\">\(pin.value)</pin>")
            }
            lines.append("        </pin-set>")
            lines.append("    </domain-config>")
        }
        lines.append("</network-security-config>")
        return ExportResult(text: lines.joined(separator: "\n") + "\n", warnings: warnings)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "--", with: "- -")
    }
}
