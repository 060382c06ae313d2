import ConnectionAudit
import PinningCore

/// The Certificate pane's "Connection" section: what `inspect` shows about the handshake (protocol, cipher, key
/// exchange, handshake time, OCSP staple, the ATS verdict with its violations, sent against built chain), from the
/// ``ConnectionFacts`` the probe filled in. Every string from the server goes through `terminalSafe`.
enum ConnectionSection {
    static func lines(_ chain: FetchedChain?, verdict: VerdictSummary?, width: Int) -> [CertificatePane.Line] {
        guard let chain else { return [] }
        var lines: [CertificatePane.Line] = [.init(""), .init("Connection", .label)]
        let labelWidth = CertificatePane.labelWidth
        /// A labelled value; `hang` indents its continuation lines (a list item's text under its dash).
        func field(_ label: String, _ value: String, _ role: StyleRole = .text, hang: Int = 0) {
            let valueWidth = max(1, width - labelWidth - 1)
            let parts = Frame.wrap(value, width: max(1, valueWidth - hang))
            for (i, part) in parts.enumerated() {
                let prefix = i == 0 ? Frame.pad(label, toWidth: labelWidth) : String(repeating: " ", count: labelWidth)
                lines.append(.init(prefix + " " + (i == 0 ? "" : String(repeating: " ", count: hang)) + part, role))
            }
        }
        guard let facts = chain.connection else {
            field("Source", "read from a file: no handshake, so no TLS facts or ATS verdict", .dim)
            field("Sent", counted(chain.certificates.count, "certificate"))
            return lines
        }
        field("Protocol", facts.protocolVersion.terminalSafe)
        field("Cipher", facts.cipherSuite.terminalSafe)
        field("Key exch.", facts.keyExchange.summary(group: facts.keyExchangeGroup?.terminalSafe))
        field(
            "Handshake",
            "\(milliseconds(facts.handshakeDuration)) ms (connect \(milliseconds(facts.connectDuration)) ms)")
        let sni = facts.serverName.map { "SNI \($0.terminalSafe)" } ?? "no SNI (IP address)"
        field("Peer", "\(facts.peerAddress.terminalSafe), \(sni)")
        field("OCSP", facts.ocspStapled ? "✓ stapled" : "· no staple", facts.ocspStapled ? .verdictAccepted : .dim)
        if facts.ats.passes {
            field("ATS", "✓ meets App Transport Security", .verdictAccepted)
        } else {
            field("ATS", "✗ fails App Transport Security:", .verdictRejected)
            for violation in facts.ats.violations {
                // The finding and the Info.plist exception key that would allow it (or that none can).
                field(
                    "", "- \(violation.rule): \(violation.finding.terminalSafe) (\(violation.remedy))",
                    .verdictRejected, hang: 2)
            }
        }
        if let revocation = verdict?.revocation {
            let role: StyleRole =
                revocation.isRevoked ? .verdictRejected : revocation.code == "good" ? .verdictAccepted : .dim
            field("Revocation", revocation.summary.terminalSafe, role)
        }
        if let transparency = verdict?.transparency {
            // What NSRequiresCertificateTransparency would ask of this leaf, when a log list was given to check it.
            field("CT", transparency.summary.terminalSafe, role(of: transparency))
        }
        field("Sent", counted(chain.certificates.count, "certificate") + ", leaf first")
        let built = builtChain(facts, sent: chain.certificates)
        field("Built", built.text, built.role)
        return lines
    }

    /// The chain OpenSSL built to the trust anchors, and what it added to what was sent; or why there is none.
    private static func builtChain(
        _ facts: ConnectionFacts, sent: [ChainCertificate]
    ) -> (text: String, role: StyleRole) {
        guard let built = facts.builtChain else {
            return (
                "none: OpenSSL found no path to the trust anchors ("
                    + (facts.builtChainProblem?.terminalSafe ?? "no reason given") + ")", .verdictWarning
            )
        }
        let sentDER = Set(sent.map(\.der))
        let added = built.filter { !sentDER.contains($0.der) }.count
        let anchor = built.last?.details.subject.terminalSafe ?? "?"
        return (
            counted(built.count, "certificate") + " to the anchor \(anchor)"
                + (added == 0 ? "" : "; \(added) not sent (from the trust anchors)"), .text
        )
    }

    /// The connection in one line for the top of the pane: protocol, key exchange, ATS, revocation and CT, each
    /// with a marker (the details stay in this section).
    static func summary(_ facts: ConnectionFacts, verdict: VerdictSummary?) -> CertificatePane.Line {
        let yes = Marker.accepted.symbol
        let no = Marker.rejected.symbol
        var parts = [
            facts.protocolVersion.terminalSafe,
            (facts.keyExchangeGroup?.terminalSafe ?? facts.keyExchange.description)
                + (facts.keyExchange.isForwardSecret ? "" : " (no forward secrecy)"),
            "ATS " + (facts.ats.passes ? yes : no),
        ]
        // The line takes the colour of its worst part; the markers say which part that is.
        var worst: StyleRole = facts.ats.passes && facts.keyExchange.isForwardSecret ? .text : .verdictWarning
        if let revocation = verdict?.revocation {
            switch revocation.outcome {
            case .good: parts.append("OCSP " + yes)
            case .revoked:
                parts.append("OCSP \(no) revoked")
                worst = .verdictRejected
            case .unknown: parts.append("OCSP unknown")
            case .unusable: parts.append("OCSP unusable")
            case .notChecked: parts.append("OCSP not checked")
            }
        }
        if let transparency = verdict?.transparency {
            switch transparency {
            case .checked(let result, _):
                parts.append("CT " + (result.meetsPolicy ? yes : no))
                if worst != .verdictRejected, role(of: transparency) != .verdictAccepted {
                    worst = role(of: transparency)
                }
            case .notChecked(.noLogList): parts.append("CT " + transparency.summary)
            case .notChecked: parts.append("CT not checked")
            }
        }
        return CertificatePane.Line(parts.joined(separator: " · "), worst)
    }

    private static func role(of transparency: CTVerdict) -> StyleRole {
        switch transparency {
        case .checked(let result, let required):
            return result.meetsPolicy ? .verdictAccepted : required ? .verdictRejected : .verdictWarning
        case .notChecked: return .dim
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
