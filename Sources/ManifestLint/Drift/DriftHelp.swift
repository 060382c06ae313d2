/// `pinbench drift`'s help, beside what it describes.
public enum DriftHelp {
    public static let abstract = "Compare the pins inside an app build with the manifest's (for CI after the build)."
    public static let discussion = """
        Reads the build (an APK, an IPA or an unpacked .app) in place as `pinbench scan` does, makes its findings a \
        policy as `release add --from` does, and compares it with the manifest (--manifest, default pins.json): \
        hosts the manifest pins that no policy of the build governs, pins the build lacks (backup pins said apart: \
        the rotation they were kept for would lock this build's users out), pins in the build the manifest does \
        not know (with or without a host), the same value pinned as another type or at another position (where the \
        build states one: ATS's leaf and CA identities), and a host's includeSubdomains or mode that differ.

        `pinbench lint` warns the same way (rule build-drift) when the newest release in the releases file was \
        taken from a build.

        Exit status: 0 no drift, 1 drift, 2 a build or manifest that cannot be read.

        Examples:
          pinbench drift app-release.apk
          pinbench drift App.ipa --manifest ios/pins.json --json
        """
}
