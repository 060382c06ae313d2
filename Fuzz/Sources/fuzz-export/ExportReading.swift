import Foundation
import FuzzSupport
import PinExport
import PinningCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An export read back by a parser of its language: the pin values and the domain entries it holds.
struct ExportReading {
    var pinValues: [String] = []
    /// One per domain entry: the host (OkHttp: the pattern, `**.host` with subdomains; curl: the URL's host).
    var hosts: [String] = []

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ text: String, format: ExportFormat) throws -> ExportReading {
        switch format {
        case .okhttp: return try okhttp(text)
        case .android: return try android(text)
        case .trustkit: return try trustkit(text)
        case .ats: return try ats(text)
        case .curl: return try curl(text)
        case .hpkp: return try hpkp(text)
        case .urlsession, .alamofire, .afnetworking:
            throw Failure(description: "\(format) is read back by the test suite's compilers, not here")
        }
    }

    /// `val certificatePinner = CertificatePinner.Builder()` `.add("pattern", "sha256/…")`… `.build()`.
    private static func okhttp(_ text: String) throws -> ExportReading {
        var tokens = try KotlinLexer.tokens(text)[...]
        func expect(_ wanted: [KotlinToken]) throws {
            guard tokens.starts(with: wanted) else {
                throw Failure(description: "expected \(wanted), found \(Array(tokens.prefix(wanted.count)))")
            }
            tokens = tokens.dropFirst(wanted.count)
        }
        try expect([
            .name("val"), .name("certificatePinner"), .punctuation("="), .name("CertificatePinner"), .punctuation("."),
            .name("Builder"), .punctuation("("), .punctuation(")"),
        ])
        var reading = ExportReading()
        while tokens.starts(with: [.punctuation("."), .name("add")]) {
            try expect([.punctuation("."), .name("add"), .punctuation("(")])
            guard case .string(let pattern) = tokens.popFirst(), tokens.popFirst() == .punctuation(","),
                case .string(let pin) = tokens.popFirst(), tokens.popFirst() == .punctuation(")")
            else { throw Failure(description: "an .add call is not .add(\"pattern\", \"pin\")") }
            guard pin.hasPrefix("sha256/") else { throw Failure(description: "pin \(visible(pin)) lacks sha256/") }
            reading.hosts.append(pattern)
            reading.pinValues.append(String(pin.dropFirst("sha256/".count)))
        }
        try expect([.punctuation("."), .name("build"), .punctuation("("), .punctuation(")")])
        guard tokens.isEmpty else { throw Failure(description: "code after .build(): \(Array(tokens))") }
        return reading
    }

    /// Network Security Config XML: `<domain>` texts and `<pin>` texts, read by libxml2 through XMLParser.
    private static func android(_ text: String) throws -> ExportReading {
        let collector = ElementTextCollector(names: ["domain", "pin"])
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        guard parser.parse() else {
            throw Failure(description: "XML parse error: \(String(describing: parser.parserError))")
        }
        return ExportReading(pinValues: collector.texts["pin"] ?? [], hosts: collector.texts["domain"] ?? [])
    }

    /// TrustKit: `TSKConfiguration.TSKPinnedDomains[host].TSKPublicKeyHashes`.
    private static func trustkit(_ text: String) throws -> ExportReading {
        let root = try propertyList(text)
        guard let configuration = root["TSKConfiguration"] as? [String: Any],
            let domains = configuration["TSKPinnedDomains"] as? [String: Any]
        else { throw Failure(description: "no TSKConfiguration.TSKPinnedDomains dictionary") }
        var reading = ExportReading()
        for (host, entry) in domains {
            guard let hashes = (entry as? [String: Any])?["TSKPublicKeyHashes"] as? [String] else {
                throw Failure(description: "\(visible(host)) has no TSKPublicKeyHashes array of strings")
            }
            reading.hosts.append(host)
            reading.pinValues += hashes
        }
        return reading
    }

    /// ATS: `NSAppTransportSecurity.NSPinnedDomains[host].NSPinned{Leaf,CA}Identities[].SPKI-SHA256-BASE64`.
    private static func ats(_ text: String) throws -> ExportReading {
        let root = try propertyList(text)
        guard let security = root["NSAppTransportSecurity"] as? [String: Any],
            let domains = security["NSPinnedDomains"] as? [String: Any]
        else { throw Failure(description: "no NSAppTransportSecurity.NSPinnedDomains dictionary") }
        var reading = ExportReading()
        for (host, entry) in domains {
            guard let entry = entry as? [String: Any] else {
                throw Failure(description: "\(visible(host)): not a dict")
            }
            reading.hosts.append(host)
            for key in ["NSPinnedLeafIdentities", "NSPinnedCAIdentities"] {
                for identity in entry[key] as? [[String: String]] ?? [] {
                    guard let value = identity["SPKI-SHA256-BASE64"] else {
                        throw Failure(description: "\(key) entry without SPKI-SHA256-BASE64")
                    }
                    reading.pinValues.append(value)
                }
            }
        }
        return reading
    }

    private static func propertyList(_ text: String) throws -> [String: Any] {
        let object = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        guard let root = object as? [String: Any] else { throw Failure(description: "the root is not a dictionary") }
        return root
    }

    /// `curl --pinnedpubkey 'sha256//A;sha256//B' https://host[:port]/`, one literal command per domain.
    private static func curl(_ text: String) throws -> ExportReading {
        var reading = ExportReading()
        for words in try ShellWords.commands(text) {
            guard words.first == "curl", let option = words.firstIndex(of: "--pinnedpubkey"), option + 1 < words.count
            else { throw Failure(description: "not a curl --pinnedpubkey command: \(words.map(visible))") }
            for item in words[option + 1].split(separator: ";", omittingEmptySubsequences: false) {
                guard item.hasPrefix("sha256//") else { throw Failure(description: "pin \(visible(String(item)))") }
                reading.pinValues.append(String(item.dropFirst("sha256//".count)))
            }
            let urls = words.filter { $0.hasPrefix("https://") }
            guard urls.count == 1 else { throw Failure(description: "\(urls.count) URLs in \(words.map(visible))") }
            reading.hosts.append(host(ofURL: urls[0]))
        }
        return reading
    }

    /// `https://host:port/` → `host` (the port only when it is all digits).
    private static func host(ofURL url: String) -> String {
        var rest = url.dropFirst("https://".count)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if let colon = rest.lastIndex(of: ":"), !rest[rest.index(after: colon)...].isEmpty,
            rest[rest.index(after: colon)...].allSatisfy(\.isASCII),
            rest[rest.index(after: colon)...].allSatisfy(\.isNumber)
        {
            rest = rest[..<colon]
        }
        return String(rest)
    }

    /// `Public-Key-Pins[-Report-Only]: pin-sha256="…"; max-age=…; includeSubDomains`, `#` comment lines.
    private static func hpkp(_ text: String) throws -> ExportReading {
        var reading = ExportReading()
        for field in try HTTPHeaderLines.fields(text) {
            guard field.name == "Public-Key-Pins" || field.name == "Public-Key-Pins-Report-Only" else {
                throw Failure(description: "unexpected header \(visible(field.name))")
            }
            for directive in field.directives where directive.name.lowercased() == "pin-sha256" {
                guard let value = directive.value else { throw Failure(description: "pin-sha256 without a value") }
                reading.pinValues.append(value)
            }
        }
        return reading
    }
}

/// Collects the text content of elements with the given names, in document order.
private final class ElementTextCollector: NSObject, XMLParserDelegate {
    let names: Set<String>
    private(set) var texts: [String: [String]] = [:]
    private var current: (name: String, text: String)?

    init(names: Set<String>) { self.names = names }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if names.contains(elementName) { current = (elementName, "") }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        current?.text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if let finished = current, finished.name == elementName {
            texts[finished.name, default: []].append(finished.text)
            current = nil
        }
    }
}
