import Foundation

/// An iOS app scanned, from an IPA (`Payload/NAME.app/`) or an unpacked `.app` folder: the `Info.plist`'s facts,
/// ATS and TrustKit configuration (the app's and each extension's in `PlugIns/`), the certificates bundled anywhere
/// in the app, the main executable's, each extension's and each framework's Mach-O (pin strings, libraries loaded),
/// and the pinning frameworks bundled. Reads only the files it
/// needs, one at a time, within a total of bytes (``ScanLimits/totalBytes``).
struct IOSScan {
    let files: any BuildFiles
    /// The app's folder inside `files`: `Payload/NAME.app/`, or empty when the folder given is the app.
    let app: String
    let limits: ScanLimits
    private var bytesRead = 0

    init(files: any BuildFiles, app: String, limits: ScanLimits) {
        self.files = files
        self.app = app
        self.limits = limits
    }

    /// The app folder of an IPA or unpacked folder: the one `Payload/NAME.app/` holding an `Info.plist`, or (for a
    /// folder, `rootApp`) the root when it holds an `Info.plist` itself; nil when neither (not an iOS app).
    static func appFolder(_ names: [String], rootApp: Bool = false) throws(ScanError) -> String? {
        if rootApp, names.contains("Info.plist") { return "" }
        let apps = Set(
            names.compactMap { name -> String? in
                let parts = name.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 3, parts[0] == "Payload", parts[1].hasSuffix(".app"), parts[2] == "Info.plist"
                else { return nil }
                return "Payload/\(parts[1])/"
            })
        guard apps.count <= 1 else {
            throw ScanError(.malformed, entry: "Payload", "holds \(apps.count) apps; an IPA holds one")
        }
        return apps.first
    }

    mutating func run(artifact: String) throws(ScanError) -> ScanReport {
        let plistName = app + "Info.plist"
        let plist = try InfoPlistFacts(try read(plistName), entry: plistName)
        let facts = plist.app
        var findings = try plist.findings()
        let inApp = files.names.filter { $0.hasPrefix(app) }
        for name in inApp where BundledCertificates.hasCertificateExtension(name) {
            findings += BundledCertificates.findings(try read(name), entry: name)
        }
        // The main executable, each app extension's (with its own Info.plist's configuration), then each
        // framework's binary (named as its folder, as Xcode builds them).
        var binaries: [String] = []
        if let executable = try executable(facts, of: app, plist: plistName) { binaries.append(executable) }
        for name in inApp {
            let parts = name.dropFirst(app.count).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0] == "PlugIns", parts[1].hasSuffix(".appex"), parts[2] == "Info.plist"
            else { continue }
            let extensionPlist = try InfoPlistFacts(try read(name), entry: name)
            findings += try extensionPlist.findings()
            let folder = app + "PlugIns/" + parts[1] + "/"
            if let executable = try executable(extensionPlist.app, of: folder, plist: name) {
                binaries.append(executable)
            }
        }
        var frameworks: [String] = []
        for name in inApp {
            let parts = name.dropFirst(app.count).split(separator: "/")
            guard parts.count >= 3, parts[0] == "Frameworks", parts[1].hasSuffix(".framework") else { continue }
            let folder = app + "Frameworks/" + parts[1]
            if !frameworks.contains(folder) { frameworks.append(folder) }
        }
        for folder in frameworks {
            let binary = folder + "/" + String(folder.split(separator: "/").last!.dropLast(".framework".count))
            if files.size(of: binary) != nil { binaries.append(binary) }
            if let library = MachOPins.library(named: folder) {
                findings.append(
                    ScanFinding(
                        .library, value: library, detail: "bundled framework",
                        location: ScanLocation(entry: folder), certainty: .bundledFile))
            }
        }
        for binary in binaries {
            let bytes = try read(binary, maxBytes: limits.executableBytes)
            guard MachOFile.isMachO(bytes) else {
                throw ScanError(.malformed, entry: binary, "not a Mach-O (the app's executable or a framework's)")
            }
            // Pin strings are listed up to the findings' bound in all; a proxy's key is always kept (the rule).
            let proxyKeys = Set(
                findings.filter { $0.kind == .bundledCertificate && $0.rules.contains(.debuggingProxyCA) }.map(\.value))
            findings += MachOPins.findings(
                try MachOFile(bytes, entry: binary, limits: limits), limit: max(0, limits.findings - findings.count),
                keeping: proxyKeys)
        }
        findings = ProxyRule.apply(to: findings)
        return ScanReport(artifact: artifact, platform: "ios", app: facts, findings: findings, limit: limits.findings)
    }

    /// The executable `CFBundleExecutable` names in `folder`: a file name the bundle holds, or an error naming the
    /// Info.plist.
    private func executable(_ facts: AppFacts, of folder: String, plist: String) throws(ScanError) -> String? {
        guard let executable = facts.executable else { return nil }
        guard !executable.isEmpty, !executable.contains("/"), executable != "..", executable != "." else {
            throw ScanError(.malformed, entry: plist, "CFBundleExecutable is not a file name")
        }
        guard files.size(of: folder + executable) != nil else {
            throw ScanError(.malformed, entry: plist, "CFBundleExecutable names a file the bundle lacks")
        }
        return folder + executable
    }

    private mutating func read(_ name: String, maxBytes: Int? = nil) throws(ScanError) -> [UInt8] {
        guard let size = files.size(of: name) else {
            throw ScanError(.malformed, entry: name, "the app lacks this file")
        }
        bytesRead += size
        guard bytesRead <= limits.totalBytes else {
            throw ScanError(.limit, entry: name, "the files read come to over \(limits.totalBytes) bytes in all")
        }
        return try files.read(name, maxBytes: maxBytes)
    }
}
