import PinningCore

/// The reasons of a ``ClientVerdict``, in the words one client uses: its exit code, exception or setting. Each
/// client's file declares its wording beside its model; what most clients say alike is written once here, in the
/// protocol's defaults, and a client words only what it says differently.
protocol ClientWording: Sendable {
    /// Why the client's default trust refused the chain, before any pin.
    func untrusted(_ refusal: ClientRefusal, _ context: ClientWordingContext) -> ClientWords
    /// The client's configuration does not cover the host, while PinBench pins it through `policy`.
    func notConfigured(_ policy: DomainPolicy, _ context: ClientWordingContext) -> String
    /// The domain's expiry, which the client honours, has passed.
    func lapsed(_ domain: DomainPolicy, _ context: ClientWordingContext) -> String
    /// The client carries none of the domain's pins.
    func nothingCarried(_ domain: DomainPolicy, _ context: ClientWordingContext) -> String
    /// The client refuses its whole configuration: `domain` lists `count` pins it carries, fewer than it needs.
    func tooFewPins(_ domain: DomainPolicy, count: Int, minimum: Int, _ context: ClientWordingContext) -> String
    /// A pin matched the certificate at `level`.
    func matched(level: Int, subject: String, _ context: ClientWordingContext) -> String
    /// No pin matched in report-only mode: reported, and the connection proceeds.
    func reported(_ context: ClientWordingContext) -> String
    /// No pin matched: the connection is refused.
    func pinFailure(expiredInManifest: Bool, _ context: ClientWordingContext) -> ClientWords
}

/// What a client's words may name: the client and the host it connects to.
struct ClientWordingContext {
    let client: PinClient
    let host: String
}

/// A reason, and what the client itself prints when its words are known (curl's error line, the beginning of
/// OkHttp's exception) — each checked against the real client (Tests/CLITests/ClientAgreementTests.swift).
struct ClientWords {
    let reason: String
    let message: String?

    init(_ reason: String, message: String? = nil) {
        self.reason = reason
        self.message = message
    }

    /// The client's message is the reason, with `note` after it when there is one.
    static func quoting(_ message: String, note: String = "") -> ClientWords {
        ClientWords(message + note, message: message)
    }
}

extension ClientWording {
    func notConfigured(_ policy: DomainPolicy, _ context: ClientWordingContext) -> String {
        "the exported configuration does not cover \(context.host)."
    }

    func lapsed(_ domain: DomainPolicy, _ context: ClientWordingContext) -> String {
        "the exported expiry (\(domain.expiryDay)) has passed: the host gets default trust evaluation."
    }

    func nothingCarried(_ domain: DomainPolicy, _ context: ClientWordingContext) -> String {
        "\(context.client.displayName) carries none of \(domain.host)'s pins (certificate pins are skipped)."
    }

    func tooFewPins(_ domain: DomainPolicy, count: Int, minimum: Int, _ context: ClientWordingContext) -> String {
        "\(context.client.displayName) refuses its configuration: \(domain.host) lists \(count) pin"
            + "\(count == 1 ? "" : "s"), and it needs at least \(minimum)."
    }

    func matched(level: Int, subject: String, _ context: ClientWordingContext) -> String {
        "a pin matches \(subject) at level \(level) of the evaluated chain."
    }

    func reported(_ context: ClientWordingContext) -> String {
        "no pin matches; report-only: the failure is reported, the connection proceeds."
    }

    func pinFailure(expiredInManifest: Bool, _ context: ClientWordingContext) -> ClientWords {
        ClientWords("no pin matches.")
    }
}

/// What every client says alike, whatever its own wording.
enum CommonWording {
    /// A client that ignores pins (``ClientModel/Certificates/none``).
    static let ignoresPins =
        "browsers ignore Public-Key-Pins (removed from Chrome and Firefox): default trust alone decides."

    static func notConfigured(_ context: ClientWordingContext) -> String {
        "no pinning configured for \(context.host): default trust decides."
    }

    static func reportOnlyNotPinned(_ context: ClientWordingContext) -> String {
        "\(context.client.displayName) has no report-only mode: the export gives this domain default trust evaluation "
            + "only."
    }

    /// The note a pin failure carries when the manifest's expiry has passed but the client has none.
    static func expiredNote(_ expiredInManifest: Bool, _ context: ClientWordingContext) -> String {
        expiredInManifest ? " (the manifest's expiry has passed, but \(context.client.displayName) has none)" : ""
    }
}

extension DomainPolicy {
    /// The domain's expiry day as the wording names it ("?" when it has none).
    var expiryDay: String { expires.map { "\($0)" } ?? "?" }
}
