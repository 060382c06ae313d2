import PinningCore

/// Host arguments pass the same host rule as the manifest (``HostName``) before a command does anything, so that
/// nothing is written, dialled or judged for a text that is not a host; the failure (``HostNameError``, bad input)
/// says what to write instead.
enum HostArgument {
    static func parse(_ text: String) throws -> HostName {
        try HostName(text)
    }

    /// `HOST`, `HOST:PORT`, `[IPv6]` or `[IPv6]:PORT`.
    static func endpoint(_ text: String) throws -> HostEndpoint {
        try HostEndpoint(text)
    }
}
