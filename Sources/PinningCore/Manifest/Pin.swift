import Foundation

/// What a pin hashes.
public enum PinType: String, Codable, CaseIterable, Hashable, Sendable {
    /// base64(SHA-256(DER SubjectPublicKeyInfo)): survives re-issuing a certificate with the same key.
    case spkiSHA256 = "spki-sha256"
    /// base64(SHA-256(certificate DER)): changes with every renewal.
    case certSHA256 = "cert-sha256"
}

/// Whether a pin is in use today or kept in reserve for a planned rotation.
public enum PinRole: String, Codable, CaseIterable, Hashable, Sendable {
    case active
    case backup
}

/// Where in the verified path a pin may match. ATS distinguishes leaf and CA identities.
public enum PinPosition: String, Codable, CaseIterable, Hashable, Sendable {
    case any
    case leaf
    case ca

    /// True when a certificate at `level` of the verified path (0 = leaf) may satisfy a pin at this position.
    public func admits(level: Int) -> Bool {
        switch self {
        case .any: return true
        case .leaf: return level == 0
        case .ca: return level > 0
        }
    }
}

/// One pinned hash with the context a reviewer needs to judge it.
public struct Pin: Hashable, Sendable {
    public var type: PinType
    /// base64 of a 32-byte SHA-256 digest.
    public var value: String
    public var role: PinRole
    public var position: PinPosition
    public var label: String?
    /// When the pinned certificate expires: pins on a soon-expiring leaf are a lockout risk.
    public var notAfter: Date?
    public var added: Date?
    public var note: String?

    public init(
        type: PinType,
        value: String,
        role: PinRole = .active,
        position: PinPosition = .any,
        label: String? = nil,
        notAfter: Date? = nil,
        added: Date? = nil,
        note: String? = nil
    ) {
        self.type = type
        self.value = value
        self.role = role
        self.position = position
        self.label = label
        self.notAfter = notAfter
        self.added = added
        self.note = note
    }

    /// A pin for the certificate at `level` of a chain (0 = leaf), labelled and dated from the certificate.
    public init(
        certificate details: CertificateDetails,
        level: Int,
        type: PinType,
        role: PinRole = .active,
        added: Date,
        note: String? = nil
    ) {
        self.init(
            type: type,
            value: details.pinValue(type),
            role: role,
            position: level == 0 ? .leaf : .ca,
            label: details.label(type: type, level: level),
            notAfter: details.notAfter,
            added: added,
            note: note
        )
    }

    /// True when the value is base64 of exactly 32 bytes, as every SHA-256 pin must be.
    public var hasWellFormedValue: Bool {
        value.count == 44 && Data(base64Encoded: value)?.count == 32
    }
}
