import ChainProbe
import CommandText
import ConnectionAudit
import Foundation
import PinningCore

/// `inspect`'s text: the connection, ATS, the sent chain in full, the built chain, and the verdict with its reasons.
public struct InspectReport: Sendable {
    public let inspection: LiveInspection

    public init(inspection: LiveInspection) {
        self.inspection = inspection
    }

    private var now: Date { inspection.time }

    public var lines: [String] {
        let probe = inspection.probe
        var lines = [
            "\(probe.target)  (connected to \(probe.connection.peerAddress), SNI "
                + "\(probe.connection.serverName ?? "none: IP address"))"
        ]
        lines.append("TLS:  " + Self.tlsLine(probe.connection))
        lines += atsLines
        if let transparency = inspection.verdict.transparency {
            lines.append("CT:   " + transparency.summary)
            lines += transparency.checked.map { "        - SCT: \($0.line)" }
        }
        lines.append("")
        lines.append("Sent chain (\(count(inspection.sent.count)), leaf first):")
        for (level, certificate) in inspection.sent.enumerated() {
            lines += certificateBlock(level: level, certificate)
        }
        lines.append("")
        lines += builtChainLines
        lines.append("")
        lines.append("Verdict: " + inspection.verdict.summary)
        lines += inspection.verdict.explanation.map { "  " + $0 }
        return lines
    }

    private var atsLines: [String] {
        if inspection.ats.passes { return ["ATS:  meets App Transport Security"] }
        return ["ATS:  FAILS App Transport Security:"]
            + inspection.ats.violations.flatMap { ["        - \($0.rule): \($0.finding)", "          \($0.remedy)"] }
    }

    private func certificateBlock(level: Int, _ certificate: ChainCertificate) -> [String] {
        let details = certificate.details
        return ["[\(level)] \(details.subject)"] + DetailsText.lines(details, now: now).map { "    " + $0 }
    }

    /// The built path in short form; certificates the server did not send (the anchor, a cached intermediate)
    /// get their full details, since they appear nowhere else.
    private var builtChainLines: [String] {
        guard let built = inspection.built else {
            let problem = inspection.probe.connection.builtChainProblem ?? "no reason given"
            return ["Built chain: none. OpenSSL found no path to the trust anchors: \(problem)."]
        }
        let anchor = built.last?.details.subject ?? "?"
        var lines = ["Built chain (\(count(built.count)), to the trust anchor \(anchor)):"]
        for (level, certificate) in built.enumerated() {
            let details = certificate.details
            if let sentLevel = inspection.sent.firstIndex(of: certificate) {
                lines.append("[\(level)] \(details.subject)  (sent as [\(sentLevel)])")
            } else {
                lines.append("[\(level)] \(details.subject)  (not sent: from the trust anchors)")
                lines += DetailsText.lines(details, now: now).map { "    " + $0 }
            }
        }
        return lines
    }

    private func count(_ number: Int) -> String { counted(number, "certificate") }

    /// The handshake in one line: protocol, suite, key exchange, OCSP staple and timings.
    public static func tlsLine(_ facts: ConnectionFacts) -> String {
        let exchange = facts.keyExchange.summary(group: facts.keyExchangeGroup)
        let timing = String(
            format: "connect %.0f ms, handshake %.0f ms", ConnectionFacts.milliseconds(facts.connectDuration),
            ConnectionFacts.milliseconds(facts.handshakeDuration))
        return "\(facts.protocolVersion), \(facts.cipherSuite), key exchange \(exchange); OCSP stapled: "
            + "\(facts.ocspStapled ? "yes" : "no"); \(timing)"
    }
}

/// `inspect --json`: one object, the same facts as the text.
public struct InspectJSON: Encodable, Sendable {
    public struct Level: Encodable, Sendable {
        public let level: Int
        public let details: CertificateDetails
        public let daysLeft: Int
    }

    public let target: String
    public let host: String
    public let port: Int
    public let connect: String?
    public let connected: Bool
    public let failure: ProbeFailureJSON?
    public let tls: ConnectionFacts?
    public let ats: ATSJSON?
    public let sentChain: [Level]?
    public let builtChain: [Level]?
    public let builtChainProblem: String?
    public let verdict: Verdict?

    public init(target: ProbeTarget, failure: ProbeFailure) {
        self.init(target: target, inspection: nil, failure: failure)
    }

    public init(target: ProbeTarget, inspection: LiveInspection) {
        self.init(target: target, inspection: inspection, failure: nil)
    }

    private init(target: ProbeTarget, inspection: LiveInspection?, failure: ProbeFailure?) {
        let now = inspection?.time ?? Date()
        func levels(_ chain: [ChainCertificate]?) -> [Level]? {
            chain?.enumerated().map {
                let details = $0.element.details
                return Level(level: $0.offset, details: details, daysLeft: details.daysLeft(at: now))
            }
        }
        self.target = target.description
        host = target.host
        port = Int(target.port)
        connect = target.connect?.description
        connected = inspection != nil
        self.failure = failure.map(ProbeFailureJSON.init)
        tls = inspection?.probe.connection
        ats = inspection.map { ATSJSON($0.ats) }
        sentChain = levels(inspection?.sent)
        builtChain = levels(inspection?.built)
        builtChainProblem = inspection?.probe.connection.builtChainProblem
        verdict = inspection?.verdict
    }
}
