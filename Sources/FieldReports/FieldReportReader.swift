import Foundation
import PinningCore

/// Reads a POSTed body into reports: TrustKit's (iOS and Android), RFC 7469 section 3's, and the array `pinbench
/// validate --report` writes. Strict where a field is known (its type, its bounds, the host rule), silent about
/// fields it does not know (report formats grow), and bounded everywhere (``FieldReportLimits``).
///
/// A chain that is present but not PEM certificates does not refuse the report: the report is kept and judged
/// unjudgeable, since a device that sends garbage is itself worth counting.
public struct FieldReportReader: Sendable {
    public let limits: FieldReportLimits

    public init(limits: FieldReportLimits = FieldReportLimits()) {
        self.limits = limits
    }

    /// The reports in `body`, in order; at least one.
    public func read(_ body: [UInt8]) throws(FieldReportError) -> [FieldReport] {
        guard body.count <= limits.bodyBytes else {
            throw FieldReportError(
                .tooLarge, "the body is \(body.count) bytes; a report may be at most \(limits.bodyBytes) bytes")
        }
        let depth = Self.nesting(of: body)
        guard depth <= limits.depth else {
            throw FieldReportError(
                .notJSON, "the JSON nests \(depth) levels deep; a report needs at most \(limits.depth)")
        }
        let tape: JSONTape
        do {
            tape = try JSONReader.read(body)
        } catch {
            throw FieldReportError(.notJSON, "not JSON: \(error.description)")
        }
        switch tape[0].kind {
        case .object:
            return [try report(tape, at: 0, path: "$", inArray: false)]
        case .array:
            let count = tape.elements(of: 0).remaining
            guard count > 0 else {
                throw FieldReportError(.notAReport, "the body is an empty list: it holds no report")
            }
            guard count <= limits.reportsPerBody else {
                throw FieldReportError(
                    .notAReport, "the body holds \(count) reports; one body may hold at most \(limits.reportsPerBody)")
            }
            var reports: [FieldReport] = []
            for (index, element) in tape.elements(of: 0).enumerated() {
                reports.append(try report(tape, at: element, path: "$[\(index)]", inArray: true))
            }
            return reports
        default:
            throw FieldReportError(.notAReport, "the body is JSON but neither a report object nor a list of them")
        }
    }

    /// The deepest nesting of arrays and objects in `body`, counted outside strings; the strict reader refuses the
    /// text later if it is not JSON. Linear, so a deep text costs no more than its bytes.
    static func nesting(of body: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in body {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// TrustKit's fields beyond RFC 7469's: one of them makes an object a TrustKit report.
    static let trustKitFields: Set<String> = [
        "app-bundle-id", "app-version", "app-platform", "app-platform-version", "app-vendor-id", "trustkit-version",
        "validation-result", "enforce-pinning",
    ]

    private func report(
        _ tape: JSONTape, at object: Int, path: String, inArray: Bool
    ) throws(FieldReportError)
        -> FieldReport
    {
        guard tape[object].kind == .object else {
            throw FieldReportError(.notAReport, "\(path) is not a report object")
        }
        let count = tape.keys(of: object).remaining
        guard count <= limits.fieldsPerReport else {
            throw FieldReportError(
                .notAReport, "\(path) has \(count) fields; a report may have at most \(limits.fieldsPerReport)")
        }
        var fields: [String: Int] = [:]
        for key in tape.keys(of: object) {
            let name = tape.string(at: key)
            guard name.utf8.count <= limits.stringBytes else {
                throw FieldReportError(.notAReport, "\(path) has a field name of \(name.utf8.count) bytes")
            }
            fields[name] = key + 1
        }
        let fieldReader = Fields(tape: tape, fields: fields, path: path, limits: limits)
        let host = try fieldReader.host("hostname", required: true)!
        let platform = try fieldReader.string("app-platform")
        let format: FieldReport.Format
        if inArray {
            format = .pinbench
        } else if fields.keys.contains(where: Self.trustKitFields.contains) {
            format = platform?.uppercased() == "ANDROID" ? .trustKitAndroid : .trustKitIOS
        } else {
            format = .rfc7469
        }
        let port = try fieldReader.integer("port")
        if let port, !(0...65_535).contains(port) {
            throw FieldReportError(.notAReport, "\(path).port is \(port); a port is 0 to 65535")
        }
        // TrustKit Android writes the device's local time with a literal `Z` (``DeviceTime``).
        let deviceTime = try fieldReader.deviceTime("date-time", localWhenZ: format == .trustKitAndroid)
        return FieldReport(
            format: format, host: host, port: port, notedHost: try fieldReader.host("noted-hostname", required: false),
            includeSubdomains: try fieldReader.bool("include-subdomains"),
            enforcePinning: try fieldReader.bool("enforce-pinning"), dateTime: deviceTime?.written,
            dateTimeZoneKnown: deviceTime?.zoneKnown ?? true,
            effectiveExpirationDate: try fieldReader.date("effective-expiration-date"),
            appBundleID: try fieldReader.string("app-bundle-id"), appVersion: try fieldReader.string("app-version"),
            appPlatform: platform, appVendorID: try fieldReader.string("app-vendor-id"),
            trustKitVersion: try fieldReader.string("trustkit-version"),
            validationResult: try fieldReader.integer("validation-result"),
            servedChain: try fieldReader.chain("served-certificate-chain"),
            validatedChain: try fieldReader.chain("validated-certificate-chain"),
            knownPins: try fieldReader.knownPins("known-pins"))
    }
}

/// The known fields of one report object, each read with its type and bounds; a field that is absent or JSON null
/// reads as nil.
private struct Fields {
    let tape: JSONTape
    let fields: [String: Int]
    let path: String
    let limits: FieldReportLimits

    func node(_ name: String) -> Int? {
        guard let index = fields[name], tape[index].kind != .null else { return nil }
        return index
    }

    func refuse(_ name: String, _ problem: String) -> FieldReportError {
        FieldReportError(.notAReport, "\(path)[\"\(name)\"] \(problem)")
    }

    func string(_ name: String) throws(FieldReportError) -> String? {
        guard let index = node(name) else { return nil }
        guard tape[index].kind == .string else { throw refuse(name, "is not a string") }
        let text = tape.string(at: index)
        guard text.utf8.count <= limits.stringBytes else {
            throw refuse(name, "is \(text.utf8.count) bytes; at most \(limits.stringBytes)")
        }
        return text
    }

    func host(_ name: String, required: Bool) throws(FieldReportError) -> String? {
        guard let text = try string(name) else {
            if required { throw refuse(name, "is missing: a report names the host that failed") }
            return nil
        }
        do {
            return try HostName(text).text
        } catch {
            throw refuse(name, "is not a host name (\(TerminalSafeText.quoted(text))): \(error.description)")
        }
    }

    func integer(_ name: String) throws(FieldReportError) -> Int? {
        guard let index = node(name) else { return nil }
        guard tape[index].kind == .number, let value = tape.integer(at: index) else {
            throw refuse(name, "is not a whole number")
        }
        return value
    }

    func bool(_ name: String) throws(FieldReportError) -> Bool? {
        guard let index = node(name) else { return nil }
        switch tape[index].kind {
        case .true: return true
        case .false: return false
        default: throw refuse(name, "is not true or false")
        }
    }

    func date(_ name: String) throws(FieldReportError) -> Date? {
        guard let text = try string(name) else { return nil }
        guard let date = Timestamp.parse(text) else {
            throw refuse(
                name, "is not an RFC 3339 UTC time such as 2026-11-28T10:00:00Z: \(TerminalSafeText.quoted(text))")
        }
        return date
    }

    func deviceTime(_ name: String, localWhenZ: Bool) throws(FieldReportError) -> DeviceTime? {
        guard let text = try string(name) else { return nil }
        guard let time = DeviceTime.read(text, localWhenZ: localWhenZ) else {
            throw refuse(
                name,
                "is not an RFC 3339 time such as 2026-11-28T10:00:00Z or 2026-11-28T11:00:00+01:00: "
                    + TerminalSafeText.quoted(text))
        }
        return time
    }

    func chain(_ name: String) throws(FieldReportError) -> FieldReport.Chain {
        guard let index = node(name) else { return .none }
        guard tape[index].kind == .array else { throw refuse(name, "is not a list of PEM certificates") }
        let count = tape.elements(of: index).remaining
        guard count <= limits.certificatesPerChain else {
            throw refuse(name, "holds \(count) certificates; a chain may hold at most \(limits.certificatesPerChain)")
        }
        guard count > 0 else { return .none }
        var certificates: [[UInt8]] = []
        var problem: String?
        for (position, element) in tape.elements(of: index).enumerated() {
            guard tape[element].kind == .string else { throw refuse(name, "[\(position)] is not a string") }
            let text = tape.string(at: element)
            guard text.utf8.count <= limits.bytesPerCertificate else {
                throw refuse(
                    name,
                    "[\(position)] is \(text.utf8.count) bytes; a certificate may be at most "
                        + "\(limits.bytesPerCertificate)")
            }
            if problem == nil {
                if let der = PEMCertificate.der(text) {
                    certificates.append(der)
                } else {
                    problem = "\(name)[\(position)] is not one PEM certificate"
                }
            }
        }
        if let problem { return .unreadable(problem) }
        return .certificates(certificates)
    }

    func knownPins(_ name: String) throws(FieldReportError) -> [String] {
        guard let index = node(name) else { return [] }
        guard tape[index].kind == .array else { throw refuse(name, "is not a list of pin directives") }
        let count = tape.elements(of: index).remaining
        guard count <= limits.knownPins else {
            throw refuse(name, "holds \(count) pins; at most \(limits.knownPins)")
        }
        var pins: [String] = []
        for (position, element) in tape.elements(of: index).enumerated() {
            guard tape[element].kind == .string else { throw refuse(name, "[\(position)] is not a string") }
            let text = tape.string(at: element)
            guard text.utf8.count <= limits.stringBytes, let value = PinDirective.value(text) else {
                throw refuse(
                    name,
                    "[\(position)] is not a pin directive such as pin-sha256=\"<44 base64 characters>\": "
                        + TerminalSafeText.quoted(text))
            }
            pins.append(value)
        }
        return pins
    }
}
