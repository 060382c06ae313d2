/// `pinbench scan`'s help, beside what it describes.
public enum ScanHelp {
    public static let abstract = "Read the pins out of app builds (APKs, IPAs): what the shipped build pins."
    public static let discussion = """
        Reads each APK in place (nothing is extracted): AndroidManifest.xml (package, versionName, versionCode, \
        targetSdkVersion, debuggable), the network security config it names (domain-config, pin-set and its \
        expiration, trust-anchors and overridePins, debug-overrides, cleartextTrafficPermitted, \
        certificateTransparency), OkHttp pins (sha256/… and sha1/… literals) in classes*.dex with the host loaded \
        beside each, and certificates bundled in res/raw and assets with both their pins. Each finding says where \
        it was found (entry, key path and line, or byte offset) and how sure it is (declared, bundled-file, \
        code-pattern).

        Reads each IPA in place too (or an unpacked .app folder): Payload/NAME.app/Info.plist, binary or XML \
        (CFBundleIdentifier, CFBundleShortVersionString, CFBundleVersion, CFBundleExecutable; ATS NSPinnedDomains \
        with leaf and CA identities, NSAllowsArbitraryLoads, exception domains allowing plain HTTP; TrustKit's \
        TSKConfiguration with enforcement, expiration and report URIs), certificates (.cer, .der, .crt, .pem) \
        anywhere in the app and its frameworks, app extensions' Info.plists, and the Mach-O executables (the app's, \
        its extensions', each framework's; thin or universal): sha256/ and bare base64 SPKI hashes with their \
        byte offsets and sections, and the pinning libraries loaded or bundled (TrustKit, Alamofire, AFNetworking).

        Release-only rules: user CAs trusted outside debug-overrides, overridePins="true", android:debuggable, a \
        debugging proxy's CA trusted or pinned, NSAllowsArbitraryLoads. A debug-overrides block in a \
        non-debuggable build is reported, not an error.

        Exit status: 0 no release-only rule broken, 1 a rule broken, 2 an artifact that cannot be read (a hostile \
        or damaged archive: the error names the entry).

        Examples:
          pinbench scan app-release.apk
          pinbench scan app-4.1.apk app-4.2.apk --json
          pinbench scan App.ipa
          pinbench scan build/Release-iphoneos/App.app
        """
}
