import Foundation
import PinningCore

/// One pin-failure report from the field, whichever format carried it: what a device says it saw. Every field is the
/// sender's claim (evidence to verify), bounded by ``FieldReportLimits`` and checked for its type when read.
public struct FieldReport: Hashable, Sendable {
    /// The format the body was written in.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        /// TrustKit for iOS (`app-platform` IOS, or a report with TrustKit's fields and no served chain).
        case trustKitIOS = "trustkit-ios"
        /// TrustKit for Android (`app-platform` ANDROID).
        case trustKitAndroid = "trustkit-android"
        /// RFC 7469 section 3: one object with only the specification's fields.
        case rfc7469 = "rfc7469"
        /// What `pinbench validate --report` and `check --report` write: a JSON array of RFC 7469 reports.
        case pinbench
    }

    /// A chain as the report carried it: certificates (DER, from PEM), none, or text that is not a certificate.
    public enum Chain: Hashable, Sendable {
        case certificates([[UInt8]])
        case none
        /// The report is kept and judged unjudgeable; the reason names the entry.
        case unreadable(String)

        public var certificates: [[UInt8]] {
            if case .certificates(let list) = self { return list }
            return []
        }
    }

    public var format: Format
    /// The host the app connected to, checked by the one host rule (``HostName``).
    public var host: String
    public var port: Int?
    /// The host of the pinning policy that applied (RFC 7469's `noted-hostname`).
    public var notedHost: String?
    public var includeSubdomains: Bool?
    public var enforcePinning: Bool?
    /// When the device says the failure happened: its clock, which may be wrong (a client-side fault names it). Read
    /// as UTC (an offset applied); see ``dateTimeZoneKnown``.
    public var dateTime: Date?
    /// False when ``dateTime`` is a local time whose zone the report does not say (TrustKit Android's, see
    /// ``DeviceTime``): it stands for any instant within the world's zones of it.
    public var dateTimeZoneKnown: Bool
    public var effectiveExpirationDate: Date?
    public var appBundleID: String?
    public var appVersion: String?
    public var appPlatform: String?
    public var appVendorID: String?
    public var trustKitVersion: String?
    /// TrustKit's `validation-result` code.
    public var validationResult: Int?
    public var servedChain: Chain
    public var validatedChain: Chain
    /// The pins the app knew, as base64 SPKI SHA-256 values (the `pin-sha256="…"` directives' values), sorted.
    public var knownPins: [String]

    public init(
        format: Format, host: String, port: Int? = nil, notedHost: String? = nil, includeSubdomains: Bool? = nil,
        enforcePinning: Bool? = nil, dateTime: Date? = nil, dateTimeZoneKnown: Bool = true,
        effectiveExpirationDate: Date? = nil,
        appBundleID: String? = nil, appVersion: String? = nil, appPlatform: String? = nil, appVendorID: String? = nil,
        trustKitVersion: String? = nil, validationResult: Int? = nil, servedChain: Chain = .none,
        validatedChain: Chain = .none, knownPins: [String] = []
    ) {
        self.format = format
        self.host = host
        self.port = port
        self.notedHost = notedHost
        self.includeSubdomains = includeSubdomains
        self.enforcePinning = enforcePinning
        self.dateTime = dateTime
        self.dateTimeZoneKnown = dateTimeZoneKnown
        self.effectiveExpirationDate = effectiveExpirationDate
        self.appBundleID = appBundleID
        self.appVersion = appVersion
        self.appPlatform = appPlatform
        self.appVendorID = appVendorID
        self.trustKitVersion = trustKitVersion
        self.validationResult = validationResult
        self.servedChain = servedChain
        self.validatedChain = validatedChain
        self.knownPins = knownPins.sorted()
    }

    /// The device's time as far as the report pins it down, or nil when it sent none.
    public var deviceTime: DeviceTime? {
        dateTime.map { DeviceTime(written: $0, zoneKnown: dateTimeZoneKnown) }
    }

    /// The chain to judge: the served one when the report has it (RFC 7469, Android), else the validated one (iOS
    /// sends only that). A chain that could not be read wins over none, so the report says why it is unjudgeable.
    public var chainToJudge: Chain {
        switch (servedChain, validatedChain) {
        case (.certificates(let served), _) where !served.isEmpty: return servedChain
        case (_, .certificates(let validated)) where !validated.isEmpty: return validatedChain
        case (.unreadable, _): return servedChain
        case (_, .unreadable): return validatedChain
        default: return .none
        }
    }
}
