import PinningCore

/// Why a catalog could not be read: the CA folder and file it concerns, a code to decide on, and a message for
/// people. A catalog is trusted data for the forecast, so anything wrong in it is refused, never skipped.
public struct CACatalogError: BadInputError, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        /// The catalog folder, a CA's `catalog.json` or a certificate file could not be read.
        case unreadable
        /// `catalog.json` is not the documented format (its JSON path and position in the message).
        case invalidSchema
        /// A certificate file holds no certificate, more than one, or bytes that are not one.
        case invalidCertificate
        /// The data contradicts itself or its certificates (a link that no signature proves, a role the certificate
        /// cannot have, a duplicate).
        case inconsistent
        /// No CA of the catalog has the id asked for.
        case unknownAuthority
    }

    public let code: Code
    /// The file concerned, relative to the catalog folder (`letsencrypt/gen-y/int-ye1.pem`).
    public let path: String
    public let message: String

    public init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
