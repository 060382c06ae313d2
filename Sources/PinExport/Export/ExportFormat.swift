import PinningCore

/// The configuration formats pins can be exported to, one file per format in this folder.
///
/// Front ends list formats from here (``allCases``, ``displayName``, ``summary``), so a new format shows up in the
/// CLI's help and the workbench's chooser alike.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// OkHttp `CertificatePinner` (Kotlin).
    case okhttp
    /// Android Network Security Config (XML).
    case android
    /// TrustKit's `TSKConfiguration` as an Info.plist fragment.
    case trustkit
    /// App Transport Security `NSPinnedDomains` as an Info.plist fragment.
    case ats
    /// curl's `--pinnedpubkey` arguments.
    case curl
    /// The (deprecated) HTTP Public-Key-Pins header, for servers that still emit it.
    case hpkp
    /// A Swift `URLSessionDelegate` that checks the pins itself after default trust evaluation.
    case urlsession
    /// An Alamofire `ServerTrustManager` with one evaluator per host, plus the `.cer` files it loads.
    case alamofire
    /// An Objective-C `AFSecurityPolicy` per host for AFNetworking, plus the `.cer` files it loads.
    case afnetworking

    /// The name people know the target by.
    public var displayName: String {
        switch self {
        case .okhttp: return "OkHttp"
        case .android: return "Android Network Security Config"
        case .trustkit: return "TrustKit"
        case .ats: return "App Transport Security"
        case .curl: return "curl"
        case .hpkp: return "HPKP header"
        case .urlsession: return "URLSession delegate"
        case .alamofire: return "Alamofire"
        case .afnetworking: return "AFNetworking"
        }
    }

    /// One line saying what the export is and where it goes.
    public var summary: String {
        switch self {
        case .okhttp: return "Kotlin CertificatePinner builder for an OkHttpClient"
        case .android: return "res/xml/network_security_config.xml with a pin-set per domain"
        case .trustkit: return "TSKConfiguration for the app's Info.plist"
        case .ats: return "NSPinnedDomains for the app's Info.plist (iOS 14+)"
        case .curl: return "curl --pinnedpubkey command lines (leaf keys only)"
        case .hpkp: return "Public-Key-Pins headers (deprecated; browsers ignore them)"
        case .urlsession: return "Swift URLSessionDelegate checking key and certificate pins"
        case .alamofire: return "Swift ServerTrustManager plus .cer files to bundle"
        case .afnetworking: return "Objective-C AFSecurityPolicy plus .cer files to bundle"
        }
    }

    /// True for formats that pin by bundling certificates, so the export needs the certificates themselves
    /// (``ExportOptions/certificates``) and writes them as ``ExportResult/files``.
    public var needsCertificates: Bool {
        self == .alamofire || self == .afnetworking
    }
}

/// One file an export writes beside its main text (a DER `.cer` certificate to bundle with the app).
public struct ExportedFile: Hashable, Sendable {
    /// A plain file name (`pinbench-1a2b3c4d5e6f7a8b.cer`), made by the exporter, never from manifest text.
    public let name: String
    public let contents: [UInt8]

    public init(name: String, contents: [UInt8]) {
        self.name = name
        self.contents = contents
    }
}

/// One thing an export says about itself, naming the domain; its severity decides what the front end does.
public struct ExportFinding: Hashable, Sendable {
    public enum Severity: Hashable, Sendable {
        /// The format cannot carry something of the manifest (a certificate pin, report-only mode, an expiry):
        /// the configuration works, with less than the manifest says.
        case notCarried
        /// The client refuses the configuration as written (TrustKit throws at start-up, a browser ignores the
        /// header): shipping it breaks the app or pins nothing. Not written unless the user insists.
        case refusedByClient
    }

    public let severity: Severity
    public let message: String

    public init(_ severity: Severity, _ message: String) {
        self.severity = severity
        self.message = message
    }
}

/// Exported text plus what the target format could not express. Never drop a pin silently.
public struct ExportResult: Sendable {
    public let text: String
    /// One per pin or setting that the format cannot carry, and per rule of the client the export breaks.
    public let findings: [ExportFinding]
    /// Files to write beside the text (empty for most formats).
    public let files: [ExportedFile]

    public init(text: String, findings: [ExportFinding], files: [ExportedFile] = []) {
        self.text = text
        self.findings = findings
        self.files = files
    }

    /// A result whose every finding is ``ExportFinding/Severity/notCarried``.
    public init(text: String, warnings: [String], files: [ExportedFile] = []) {
        self.init(text: text, findings: warnings.map { ExportFinding(.notCarried, $0) }, files: files)
    }

    /// Every finding's message, in order.
    public var warnings: [String] { findings.map(\.message) }

    /// The findings saying the client would refuse this configuration.
    public var refusals: [ExportFinding] { findings.filter { $0.severity == .refusedByClient } }
}

/// Turns a manifest into another tool's configuration.
public enum PinExporter {
    /// Exports with default options at the current time: lapsed domains and pins past their certificate's
    /// `notAfter` are left out (with a warning), OkHttp patterns are for OkHttp 4.
    public static func export(_ manifest: PinManifest, as format: ExportFormat) -> ExportResult {
        export(manifest, as: format, options: ExportOptions())
    }

    public static func export(_ manifest: PinManifest, as format: ExportFormat, options: ExportOptions) -> ExportResult
    {
        let prepared = ExportPreparation(manifest.canonicallyOrdered.domains, options: options)
        let domains = prepared.domains
        let result: ExportResult
        switch format {
        case .okhttp: result = OkHttpExport.render(domains, version: options.okHttpVersion)
        case .android: result = AndroidExport.render(domains, target: options.androidTarget)
        case .trustkit: result = TrustKitExport.render(domains)
        case .ats: result = ATSExport.render(domains, evaluations: options.atsEvaluations)
        case .curl: result = CurlExport.render(domains)
        case .hpkp: result = HPKPExport.render(domains)
        case .urlsession: result = URLSessionExport.render(domains)
        case .alamofire: result = AlamofireExport.render(domains, bundle: CertificateBundle(options.certificates))
        case .afnetworking:
            result = AFNetworkingExport.render(domains, bundle: CertificateBundle(options.certificates))
        }
        return ExportResult(
            text: result.text, findings: prepared.warnings.map { ExportFinding(.notCarried, $0) } + result.findings,
            files: result.files)
    }

    /// Splits a domain's pins into the SPKI pins a key-pinning format can carry and warnings for the rest.
    static func spkiPins(_ domain: DomainPolicy, format: String) -> (pins: [Pin], warnings: [String]) {
        var warnings: [String] = []
        let pins = domain.pins.filter { pin in
            if pin.type == .spkiSHA256 { return true }
            warnings.append("\(domain.host): \(format) pins public keys only; skipped cert-sha256 pin \(pin.value)")
            return false
        }
        // A domain with no pin to carry has nothing that could be enforced.
        if domain.mode == .reportOnly && !pins.isEmpty {
            warnings.append("\(domain.host): \(format) has no report-only mode; these pins would be enforced")
        }
        if !domain.reportUris.isEmpty {
            warnings.append("\(domain.host): \(format) sends no failure reports; reportUris are not carried")
        }
        return (pins, warnings)
    }

    /// Warnings for strings a format had to change because it cannot carry some of their characters.
    static func alteredWarnings(_ altered: [String], format: String) -> [String] {
        altered.map {
            "\($0): \(format) cannot carry some characters of this text (XML 1.0 has no way to write them); "
                + "they were written as visible escapes, so this entry does not match the manifest"
        }
    }
}
