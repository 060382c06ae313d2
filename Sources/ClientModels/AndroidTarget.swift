import PinningCore

/// What an Android app's build decides about Certificate Transparency: the API level it targets and whether its
/// Network Security Config opts in with `<certificateTransparency enabled="true">`. The Android client model and the
/// Network Security Config export take the same value, so that what the export writes and what the verdict assumes
/// cannot drift apart.
///
/// The rules, from AOSP's `NetworkSecurityConfig` and `XmlConfigSource` (2025): the element is read from Android 16
/// (API 36) in `base-config` and `domain-config`, its `enabled` attribute defaulting to false; an explicit setting
/// wins; otherwise a configuration that lists its own trust anchors (user or bundled certificates) turns CT off; and
/// otherwise CT is on by default for apps targeting above API 36 (`DEFAULT_ENABLE_CERTIFICATE_TRANSPARENCY`,
/// `@EnabledAfter(targetSdkVersion = BAKLAVA)`). A verdict is the newest platform's: a device older than the target
/// ignores the element.
public struct AndroidTarget: Hashable, Sendable {
    /// The first API level that reads `<certificateTransparency>` (Android 16).
    public static let firstTransparencyLevel = 36
    /// The first API level whose apps get CT by default.
    public static let transparencyByDefaultLevel = 37
    /// The API levels `--target-sdk` takes: Android's levels begin at 1; two digits leave room for levels to come.
    public static let levels = 1...99

    /// The app's `targetSdkVersion`.
    public let sdk: Int
    /// The configuration opts in with `<certificateTransparency enabled="true">` (API 36 and later only).
    public let optsInToTransparency: Bool

    /// Refuses `sdk` outside ``levels``, and the opt-in asked of a level that cannot read it.
    public init(sdk: Int, optsInToTransparency: Bool = false) throws(TargetError) {
        guard Self.levels.contains(sdk) else { throw .levelOutOfRange(sdk) }
        if optsInToTransparency && sdk < Self.firstTransparencyLevel { throw .optInUnknown(sdk) }
        self.sdk = sdk
        self.optsInToTransparency = optsInToTransparency
    }

    /// Why a target cannot be made.
    public enum TargetError: Error, Hashable, Sendable, CustomStringConvertible {
        case levelOutOfRange(Int)
        case optInUnknown(Int)

        public var description: String {
            switch self {
            case .levelOutOfRange(let level):
                "API level \(level) is out of range: give \(levels.lowerBound) to \(levels.upperBound)."
            case .optInUnknown(let level):
                "<certificateTransparency> is read from API \(firstTransparencyLevel) (Android 16); an app targeting "
                    + "API \(level) cannot opt in. Give --target-sdk \(firstTransparencyLevel) or later."
            }
        }
    }

    /// Whether the platform requires CT for a host of an app configured from `manifest`: the explicit opt-in where a
    /// domain-config of the export covers the host (`configured`: the export writes the element there only); the
    /// default from API 37 for every host, unless the configuration lists trust anchors of its own (the manifest's
    /// `trustAnchors`, which the app bundles).
    public func requiresTransparency(_ manifest: PinManifest, configured: Bool) -> Bool {
        if optsInToTransparency && configured { return true }
        return sdk >= Self.transparencyByDefaultLevel && manifest.trustAnchors.isEmpty
    }

    /// Why CT is or is not required, in one clause.
    public func transparencyReason(_ manifest: PinManifest, configured: Bool) -> String {
        if optsInToTransparency && configured { return "the host's domain-config opts in to Certificate Transparency" }
        if sdk < Self.transparencyByDefaultLevel { return "an app targeting API \(sdk) has no CT by default" }
        if !manifest.trustAnchors.isEmpty {
            return "a configuration with its own trust anchors turns the API \(sdk) default off"
        }
        return "apps targeting API \(Self.transparencyByDefaultLevel) and later require CT by default"
    }

    /// Where the rules above come from.
    public static let sources = [
        ClientModel.Source(
            "<certificateTransparency enabled=\"…\"> is read in base-config and domain-config from API 36; enabled "
                + "defaults to false; an explicit setting wins over inheritance.",
            "AOSP frameworks/base core/java/android/security/net/config/XmlConfigSource.java "
                + "(parseCertificateTransparency); developer.android.com/privacy-and-security/security-config"),
        ClientModel.Source(
            "Unset, CT is off for a configuration whose trust anchors include user or bundled certificates "
                + "(disableCT), else inherited, else on for apps targeting above API 36.",
            "AOSP NetworkSecurityConfig.java (getCertificateTransparencyVerificationRequired, "
                + "DEFAULT_ENABLE_CERTIFICATE_TRANSPARENCY @EnabledAfter(targetSdkVersion = BAKLAVA))"),
        ClientModel.Source(
            "A chain failing the policy is refused before the pin-set: \"Certificate chain does not conform to "
                + "required transparency policy.\"",
            "conscrypt TrustManagerImpl.java (checkCT), called before NetworkSecurityTrustManager's checkPins"),
    ]
}
