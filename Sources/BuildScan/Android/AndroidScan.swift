import Foundation

/// An APK scanned: the manifest's facts, the network security config it names (through resources.arsc), the pin
/// literals of every `classes*.dex` with the hosts their code loads beside them, and the certificates it bundles.
/// Reads only the entries it needs, one at a time, within a total of inflated bytes (``ScanLimits/totalBytes``).
struct AndroidScan {
    let archive: ZipArchive
    let limits: ScanLimits
    private var inflated = 0

    init(archive: ZipArchive, limits: ScanLimits) {
        self.archive = archive
        self.limits = limits
    }

    mutating func run(artifact: String) throws(ScanError) -> ScanReport {
        guard let manifestEntry = archive.entry(named: "AndroidManifest.xml") else {
            throw ScanError(.malformed, entry: nil, "no AndroidManifest.xml: not an APK")
        }
        let manifest = try BinaryXML.parse(try read(manifestEntry), entry: manifestEntry.name, limits: limits)
        let table = try archive.entry(named: "resources.arsc").map { entry throws(ScanError) in
            try ResourceTable(try read(entry), entry: entry.name, limits: limits)
        }
        var app = ManifestFacts.read(manifest)
        var findings: [ScanFinding] = []
        if app.debuggable {
            findings.append(
                ScanFinding(
                    .debuggable, value: "true", detail: "android:debuggable: debug-overrides apply, debuggers attach",
                    location: ScanLocation(entry: manifestEntry.name, keyPath: "manifest/application@debuggable"),
                    certainty: .declared, rules: [.debuggable]))
        }
        if let reference = ManifestFacts.networkSecurityConfigReference(manifest) {
            let resolved = table?.resolve(reference)
            guard let resolved, case .string(let path) = resolved.value, let entry = archive.entry(named: path) else {
                throw ScanError(
                    .malformed, entry: manifestEntry.name,
                    "android:networkSecurityConfig names resource 0x\(String(reference, radix: 16)), which the build lacks"
                )
            }
            app.networkSecurityConfig = path
            let root = try BinaryXML.parse(try read(entry), entry: path, limits: limits)
            let config = NetworkSecurityConfig(entry: path, debuggable: app.debuggable) { table?.resolve($0) }
            findings += try config.findings(root)
        } else {
            findings += ManifestFacts.platformDefaults(app, entry: manifestEntry.name)
        }
        // Certificate files, and whatever file a trust anchor names (a res/raw resource may have no extension).
        let anchored = Set(findings.filter { $0.kind == .trustAnchor }.map(\.value))
        for entry in archive.entries where BundledCertificates.isCandidate(entry.name) || anchored.contains(entry.name)
        {
            findings += BundledCertificates.findings(try read(entry), entry: entry.name)
        }
        for entry in archive.entries where DexPins.isDex(entry.name) {
            findings += try DexPins.findings(DexFile(try read(entry), entry: entry.name, limits: limits))
        }
        findings = ProxyRule.apply(to: findings)
        return ScanReport(
            artifact: artifact, platform: "android", app: app, findings: findings, limit: limits.findings)
    }

    private mutating func read(_ entry: ZipEntry) throws(ScanError) -> [UInt8] {
        inflated += entry.uncompressedSize
        guard inflated <= limits.totalBytes else {
            throw ScanError(
                .limit, entry: entry.name, "the entries read inflate past \(limits.totalBytes) bytes in all")
        }
        return try archive.read(entry)
    }
}
