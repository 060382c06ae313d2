import Foundation
import PinningCore
import SwiftASN1
import X509

/// An RFC 7469 section 3 pin validation failure report: what a client that honours `report-uri` would send, here
/// written to a file by `validate --report` and `check --report` (never sent over the network).
///
/// Field names and meanings follow RFC 7469 section 3.1. `effective-expiration-date` is the end of the manifest's
/// `expires` day (UTC), or null when the domain's pins do not lapse; `known-pins` lists the domain's key pins as
/// pin directives (`pin-sha256="..."`), certificate pins having no RFC 7469 form. Certificates are PEM.
public struct PinFailureReport: Encodable, Sendable {
    public let dateTime: Date
    public let hostname: String
    public let port: Int
    public let effectiveExpirationDate: Date?
    public let includeSubdomains: Bool
    public let notedHostname: String
    public let servedCertificateChain: [String]
    public let validatedCertificateChain: [String]
    public let knownPins: [String]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case dateTime = "date-time"
        case hostname, port
        case effectiveExpirationDate = "effective-expiration-date"
        case includeSubdomains = "include-subdomains"
        case notedHostname = "noted-hostname"
        case servedCertificateChain = "served-certificate-chain"
        case validatedCertificateChain = "validated-certificate-chain"
        case knownPins = "known-pins"
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dateTime, forKey: .dateTime)
        try container.encode(hostname, forKey: .hostname)
        try container.encode(port, forKey: .port)
        if let effectiveExpirationDate {
            try container.encode(effectiveExpirationDate, forKey: .effectiveExpirationDate)
        } else {
            try container.encodeNil(forKey: .effectiveExpirationDate)
        }
        try container.encode(includeSubdomains, forKey: .includeSubdomains)
        try container.encode(notedHostname, forKey: .notedHostname)
        try container.encode(servedCertificateChain, forKey: .servedCertificateChain)
        try container.encode(validatedCertificateChain, forKey: .validatedCertificateChain)
        try container.encode(knownPins, forKey: .knownPins)
    }

    /// The report for a verdict that failed the pins of a manifest domain: a rejection or a report-only violation
    /// under a policy. Nil for verdicts no pin failed (accepted, not pinned, lapsed) and for rejections before any
    /// pin was looked at without a policy.
    ///
    /// `served` is the chain as presented. The validated chain is the verified path, ending with the anchor it
    /// reached.
    public init?(verdict: Verdict, port: Int, served: [ChainCertificate], at time: Date) {
        guard let policy = verdict.policy, verdict.outcome == .rejected || verdict.outcome == .reportOnlyViolation
        else { return nil }
        dateTime = time
        hostname = verdict.host
        self.port = port
        effectiveExpirationDate = policy.expires?.endDate
        includeSubdomains = policy.includeSubdomains
        notedHostname = policy.host
        servedCertificateChain = served.map { Self.pem($0.der) }
        validatedCertificateChain = verdict.certificates.filter(\.inVerifiedPath).sorted { $0.level < $1.level }
            .compactMap { $0.lazyDetails.derBytes.map(Self.pem) }
        knownPins = policy.pins.filter { $0.type == .spkiSHA256 }.map { "pin-sha256=\"\($0.value)\"" }
    }

    /// True when `bytes` is a file of reports as ``json(_:)`` writes it: a JSON array (empty when nothing failed)
    /// whose every element is an object with all the RFC 7469 section 3.1 fields. `--report` replaces such a file
    /// and nothing else, so a mistyped path cannot replace a file of another kind.
    public static func isReportFile(_ bytes: [UInt8]) -> Bool {
        guard let tape = try? JSONReader.read(bytes), tape[0].kind == .array else { return false }
        let fields = Set(CodingKeys.allCases.map(\.rawValue))
        for element in tape.elements(of: 0) {
            guard tape[element].kind == .object else { return false }
            let keys = Set(tape.keys(of: element).map { tape.string(at: $0) })
            guard keys.isSuperset(of: fields) else { return false }
        }
        return true
    }

    static func pem(_ der: [UInt8]) -> String {
        PEMDocument(type: "CERTIFICATE", derBytes: der).pemString
    }

    /// The report as JSON, through the project's JSON writer (``CanonicalJSON``: sorted keys, every control
    /// character escaped), dates in RFC 3339.
    public static func json(_ reports: [PinFailureReport]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try CanonicalJSON.encode(reports, encoder: encoder)
    }
}
