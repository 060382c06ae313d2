import CTWatch
import Foundation
import PinningCore
import X509

/// What the CT watch knows to be logged, for the judge: each certificate it found for a pinned host in a log it read,
/// by its issuer, serial and key (a precertificate and its final certificate share all three). A publicly trusted
/// chain the pins reject whose leaf is not among them is `suspicious`, not a lockout.
///
/// The watch keeps its most recent findings only (``WatchState/maximumFindings``): a certificate found long ago may
/// have left the list, and is then judged unlogged. That errs towards an alarm, never towards silence.
public struct LoggedCertificates: Hashable, Sendable {
    /// One certificate as a CT finding names it.
    public struct Identity: Hashable, Sendable {
        /// `openssl x509 -issuer`'s spelling, as ``CTFinding/issuer``.
        public let issuer: String
        /// As ``CTFinding/serial``: the certificate library's description of the serial number.
        public let serial: String
        public let spkiPin: String

        public init(issuer: String, serial: String, spkiPin: String) {
            self.issuer = issuer
            self.serial = serial
            self.spkiPin = spkiPin
        }

        /// The identity of a parsed certificate, spelled as the watch spells its findings.
        public init(_ certificate: Certificate, spkiPin: String) {
            self.init(
                issuer: certificate.issuer.opensslString, serial: certificate.serialNumber.description,
                spkiPin: spkiPin)
        }
    }

    public let identities: Set<Identity>
    /// True when the watch has read at least one log: only then does a certificate's absence say anything.
    public let logsRead: Bool

    public init(identities: Set<Identity>, logsRead: Bool) {
        self.identities = identities
        self.logsRead = logsRead
    }

    /// The certificates of `state`'s findings; its logs read when it holds a position in one.
    public init(_ state: WatchState) {
        self.init(
            identities: Set(
                state.findings.map { Identity(issuer: $0.issuer, serial: $0.serial, spkiPin: $0.spkiPin) }),
            logsRead: state.positions.values.contains { $0.frontier.size > 0 })
    }

    public func contains(_ identity: Identity) -> Bool { identities.contains(identity) }
}
