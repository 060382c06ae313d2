import ClientModels
import ConnectionAudit
import Foundation
import PinningCore

/// How an export treats time, client versions and certificates.
public struct ExportOptions: Sendable {
    /// The instant lapsed domains (`expires` passed) and pins past their certificate's `notAfter` are judged at.
    public var now: Date
    /// Keep lapsed domains and pins past `notAfter` (each still named in a warning).
    public var includeLapsed: Bool
    /// Which OkHttp the Kotlin is for: `**.` patterns need OkHttp 4.3 or later.
    public var okHttpVersion: OkHttpVersion
    /// Certificates to bundle for formats that pin certificates (``ExportFormat/needsCertificates``): the live
    /// chains or `--chain` files. A pin is carried when one of these certificates has its value.
    public var certificates: [ChainCertificate]
    /// For `ats`: also write `NSExceptionDomains` entries with the exception keys each domain's live connection
    /// needs (``ATSViolation/exception``), from these evaluations by normalized host. Nil: no exception keys. A
    /// domain without an evaluation (not reached) gets none, and a warning says so.
    public var atsEvaluations: [String: ATSEvaluation]?
    /// For `android`: the app's target (`--target-sdk`); an opt-in to CT writes `<certificateTransparency>` in each
    /// domain-config. Nil: the element is not written.
    public var androidTarget: AndroidTarget?

    public init(
        now: Date = Date(), includeLapsed: Bool = false, okHttpVersion: OkHttpVersion = .v4,
        certificates: [ChainCertificate] = [], atsEvaluations: [String: ATSEvaluation]? = nil,
        androidTarget: AndroidTarget? = nil
    ) {
        self.now = now
        self.includeLapsed = includeLapsed
        self.okHttpVersion = okHttpVersion
        self.certificates = certificates
        self.atsEvaluations = atsEvaluations
        self.androidTarget = androidTarget
    }
}

/// The OkHttp major version a `CertificatePinner` export targets.
public enum OkHttpVersion: String, CaseIterable, Sendable {
    /// OkHttp 3.x: `*.host` matches one label only and `**.` is not understood, so includeSubdomains becomes the
    /// bare host plus `*.host` (subdomains deeper than one label are not covered, and a warning says so).
    case v3 = "3"
    /// OkHttp 4.3 and later: `**.host` matches the host and every subdomain.
    case v4 = "4"
}
