/// The key algorithms a backup key can be generated with: those every pinning client and public CA accepts.
public enum BackupKeyAlgorithm: String, CaseIterable, Hashable, Sendable {
    case p256
    case p384
    case rsa2048
    case rsa3072
    case rsa4096

    /// `EC P-256`, `RSA 3072`: for labels and messages.
    public var displayName: String {
        switch self {
        case .p256: return "EC P-256"
        case .p384: return "EC P-384"
        case .rsa2048: return "RSA 2048"
        case .rsa3072: return "RSA 3072"
        case .rsa4096: return "RSA 4096"
        }
    }

    /// RSA keys take seconds to generate (4096 bits: up to tens of seconds on a slow machine); EC keys are instant.
    public var isSlowToGenerate: Bool {
        switch self {
        case .p256, .p384: return false
        case .rsa2048, .rsa3072, .rsa4096: return true
        }
    }
}
