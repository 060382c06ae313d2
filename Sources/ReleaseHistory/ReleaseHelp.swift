import PinForecast

/// `pinbench release`'s and `release add`'s help, beside what they describe.
public enum ReleaseHelp {
    public static let overview = """
        The list lives in \(ReleaseList.fileName) beside the manifest (--manifest, default pins.json). Each \
        release names where its pins are read from: a git revision of the manifest, a manifest file, or an app \
        configuration the importers read (TrustKit, Android Network Security Config, ATS), or an app build \
        (APK, IPA) scanned when the release was added, its pins recorded with where each was found. The working \
        manifest is always the candidate next release. `pinbench forecast` judges them all.
        """

    public static let addDiscussion = """
        --from names where the release's pins are: a git revision of the manifest (read as `pinbench diff` reads \
        one: `git show REV:PATH`, a committed symbolic link followed inside the repository only), a file, or an \
        app build. A word ending in .apk, .ipa or .app is a build; one starting with /, ./ or ../, or naming an \
        existing file, is a file; any other word is a revision; a word naming both a file and a revision is \
        refused until you write ./WORD for the file. --format reads a file or revision as a PinBench manifest \
        (default) or with an importer (trustkit, android, ats); for a revision of a file other than the manifest, \
        --path names it. The release's pins are read now: a source that cannot be read is refused (exit 2) and \
        nothing is written.

        A build (an APK, an IPA or an unpacked .app) is read in place as `pinbench scan` reads it, and its findings \
        become the release's pins (hosts, pins, includeSubdomains, expiry, mode). NAME defaults to the version the \
        build states. The releases file records the build's SHA-256, its version and, per pin, where it was found \
        and how sure (declared, bundled-file, code-pattern): the forecast, the watch and the client views judge \
        those pins as any release's, and the build itself need not be kept. A build that breaks a release-only rule \
        is recorded all the same (it shipped), and the output says so.

        --tags GLOB adds every git tag matching GLOB as a release of the manifest at that tag, dated by the tag \
        (tags already listed are kept as they are).

        The releases file (\(ReleaseList.fileName) beside the manifest) is written only under the manifest's \
        lock, atomically; a file that is not valid (duplicate names, unknown fields, more than \
        \(ReleaseList.maximumCount) releases, shares over 100 %) is refused with its line and column.

        Examples:
          pinbench release add 4.2 --from v4.2 --shipped 2026-03-01 --share 38
          pinbench release add 4.1 --from old/pins.json --share 20
          pinbench release add 3.9 --from ios/Info.plist --format trustkit --share 5
          pinbench release add 4.0 --from v4.0 --path app/src/main/res/xml/network_security_config.xml \
        --format android
          pinbench release add --from app-release.apk --shipped 2026-05-02 --share 12
          pinbench release add --tags 'v4.*'
        """
}
