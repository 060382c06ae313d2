/// `backup-key --json`.
public struct BackupKeyReport: Encodable, Sendable {
    public let host: String
    public let algorithm: String
    public let pin: String
    public let privateKey: String
    public let certificateSigningRequest: String
    public let manifest: String

    public init(
        host: String, algorithm: String, pin: String, privateKey: String, certificateSigningRequest: String,
        manifest: String
    ) {
        self.host = host
        self.algorithm = algorithm
        self.pin = pin
        self.privateKey = privateKey
        self.certificateSigningRequest = certificateSigningRequest
        self.manifest = manifest
    }
}
