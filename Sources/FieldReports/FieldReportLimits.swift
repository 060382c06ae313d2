/// How much one POSTed body may hold. Anyone on the network can post, so every size a sender chooses is bounded
/// before it costs memory or time: the body, the JSON nesting, the reports in a body, the certificates in a chain,
/// the bytes of a certificate and of every other string.
public struct FieldReportLimits: Hashable, Sendable {
    /// The largest body read, in bytes. A report with ten 4 KiB certificates in two chains takes about 110 KiB.
    public var bodyBytes: Int
    /// The deepest nesting of arrays and objects: `validate --report`'s array of objects of chains needs three.
    public var depth: Int
    /// Reports in one body (`validate --report` writes an array; TrustKit and RFC 7469 send one object).
    public var reportsPerBody: Int
    /// Certificates in one chain.
    public var certificatesPerChain: Int
    /// Bytes of one certificate's PEM text.
    public var bytesPerCertificate: Int
    /// Bytes of any other string (host, app version, a pin directive).
    public var stringBytes: Int
    /// Entries of `known-pins`.
    public var knownPins: Int
    /// Members of one report object (known and unknown fields together).
    public var fieldsPerReport: Int

    public init(
        bodyBytes: Int = 256 << 10, depth: Int = 4, reportsPerBody: Int = 16, certificatesPerChain: Int = 10,
        bytesPerCertificate: Int = 16 << 10, stringBytes: Int = 512, knownPins: Int = 32, fieldsPerReport: Int = 48
    ) {
        self.bodyBytes = bodyBytes
        self.depth = depth
        self.reportsPerBody = reportsPerBody
        self.certificatesPerChain = certificatesPerChain
        self.bytesPerCertificate = bytesPerCertificate
        self.stringBytes = stringBytes
        self.knownPins = knownPins
        self.fieldsPerReport = fieldsPerReport
    }
}
