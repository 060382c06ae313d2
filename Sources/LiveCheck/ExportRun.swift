import ChainProbe
import PinExport
import PinningCore

/// `export` as one use case: the manifest in a format, with what the servers themselves supply when the format
/// needs it (the certificates alamofire and afnetworking bundle when no chain file is given, the exception keys of
/// `--ats-exceptions`). Writing the result is the caller's: this target writes no file.
public struct ExportRun: Sendable {
    public let manifest: PinManifest
    public let format: ExportFormat
    public let options: ExportOptions
    /// The certificates of the chain files given, or nil to take a format's certificates from each domain's live
    /// chain (as sent).
    public let chainCertificates: [ChainCertificate]?
    /// Connect to each domain and add the App Transport Security exceptions its connection needs (ats).
    public let atsExceptions: Bool
    /// The deadline of each live connection.
    public let deadline: Duration

    public init(
        manifest: PinManifest, format: ExportFormat, options: ExportOptions, chainCertificates: [ChainCertificate]?,
        atsExceptions: Bool, deadline: Duration
    ) {
        self.manifest = manifest
        self.format = format
        self.options = options
        self.chainCertificates = chainCertificates
        self.atsExceptions = atsExceptions
        self.deadline = deadline
    }

    /// The export, and the domains a live input could not be taken from.
    public struct Result: Sendable {
        public let export: ExportResult
        /// The domains that could not be reached, with why: warnings, since the export still carries the others.
        public let unreachable: [(host: String, failure: ProbeFailure)]

        /// The export is not to be written: the client would refuse it, and `allowInvalid` was not given.
        public func refused(allowInvalid: Bool) -> Bool { !export.refusals.isEmpty && !allowInvalid }
    }

    /// Connects only when the format needs what a live chain gives; each domain within ``deadline``.
    public func run() async -> Result {
        var options = options
        var unreachable: [(host: String, failure: ProbeFailure)] = []
        if format.needsCertificates {
            if let chainCertificates {
                options.certificates = chainCertificates
            } else {
                let live = await LiveExportInputs.probe(manifest, deadline: deadline)
                unreachable += live.unreachable
                options.certificates = live.certificates
            }
        }
        if atsExceptions {
            let live = await LiveExportInputs.probe(manifest, deadline: deadline)
            unreachable += live.unreachable
            options.atsEvaluations = live.atsEvaluations
        }
        return Result(export: PinExporter.export(manifest, as: format, options: options), unreachable: unreachable)
    }
}
