/// `pinbench scan`'s help, beside what it describes.
public enum ScanHelp {
    public static let abstract = "Read the pins out of app builds (Android APKs): what the shipped build pins."
    public static let discussion = """
        Reads each APK in place (nothing is extracted): AndroidManifest.xml (package, versionName, versionCode, \
        targetSdkVersion, debuggable), the network security config it names (domain-config, pin-set and its \
        expiration, trust-anchors and overridePins, debug-overrides, cleartextTrafficPermitted, \
        certificateTransparency), OkHttp pins (sha256/… and sha1/… literals) in classes*.dex with the host loaded \
        beside each, and certificates bundled in res/raw and assets with both their pins. Each finding says where \
        it was found (entry, key path and line, or byte offset) and how sure it is (declared, bundled-file, \
        code-pattern).

        Release-only rules: user CAs trusted outside debug-overrides, overridePins="true", android:debuggable, a \
        debugging proxy's CA trusted or pinned. A debug-overrides block in a non-debuggable build is reported, \
        not an error.

        Exit status: 0 no release-only rule broken, 1 a rule broken, 2 an artifact that cannot be read (a hostile \
        or damaged archive: the error names the entry).

        Examples:
          pinbench scan app-release.apk
          pinbench scan app-4.1.apk app-4.2.apk --json
        """
}
