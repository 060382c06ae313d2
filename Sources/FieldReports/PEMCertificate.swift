import Foundation

/// One PEM certificate as a report carries it, turned into DER without parsing X.509: reading a report costs a
/// base64 decode per certificate, and the certificate itself is parsed only when its chain is judged (once per
/// chain, ``ReportJudge``).
enum PEMCertificate {
    static let begin = "-----BEGIN CERTIFICATE-----"
    static let end = "-----END CERTIFICATE-----"

    /// The DER inside `text` when it is exactly one CERTIFICATE block (surrounding whitespace allowed) whose body is
    /// base64 of a DER SEQUENCE; nil otherwise.
    static func der(_ text: String) -> [UInt8]? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix(begin), trimmed.hasSuffix(end), trimmed.count > begin.count + end.count else {
            return nil
        }
        let body = trimmed.dropFirst(begin.count).dropLast(end.count)
        guard !body.contains("-") else { return nil }
        let base64 = String(body.filter { !$0.isWhitespace })
        guard let data = Data(base64Encoded: base64), data.first == 0x30 else { return nil }
        return Array(data)
    }
}
