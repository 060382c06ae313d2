import COpenSSL

/// OpenSSL's thread-local error queue, drained into values so a failure can be told in words and decided on by its
/// library and reason codes, never by its text.
public struct OpenSSLErrors: Sendable {
    public struct Entry: Sendable {
        public let library: Int32
        public let reason: Int32
        /// OpenSSL's reason text, e.g. "wrong version number".
        public let text: String
    }

    public let entries: [Entry]

    /// Takes every pending error off this thread's queue.
    public static func drain() -> OpenSSLErrors {
        var entries: [Entry] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            let text: String
            if let reason = ERR_reason_error_string(code) {
                text = String(cString: reason)
            } else {
                var buffer = [CChar](repeating: 0, count: 256)
                ERR_error_string_n(code, &buffer, buffer.count)
                text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            entries.append(Entry(library: pb_ERR_GET_LIB(code), reason: pb_ERR_GET_REASON(code), text: text))
        }
        return OpenSSLErrors(entries: entries)
    }

    /// The alert the peer sent, when the handshake ended with one: OpenSSL reports a received alert as the reason
    /// `SSL_AD_REASON_OFFSET + alert`.
    public var receivedAlert: (code: Int32, name: String)? {
        for entry in entries where entry.library == ERR_LIB_SSL {
            let alert = entry.reason - Int32(SSL_AD_REASON_OFFSET)
            if (0..<256).contains(alert) {
                return (alert, String(cString: SSL_alert_desc_string_long(alert)))
            }
        }
        return nil
    }

    /// Whether the TLS library (libssl) reported `reason`, e.g. `SSL_R_WRONG_VERSION_NUMBER`.
    public func contains(reason: Int32) -> Bool {
        entries.contains { $0.library == ERR_LIB_SSL && $0.reason == reason }
    }

    /// The reasons joined, or a fallback when the queue was empty.
    public var text: String {
        let texts = entries.map(\.text)
        return texts.isEmpty ? "no detail from OpenSSL" : texts.joined(separator: "; ")
    }
}
