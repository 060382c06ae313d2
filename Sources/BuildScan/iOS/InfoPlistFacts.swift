import Foundation
import PinImport
import PinningCore

/// What an iOS app's `Info.plist` states, read by PinImport's bounded property-list readers and its ATS and
/// TrustKit importers (one reader, one meaning of each key): the bundle's identity and versions, App Transport
/// Security (`NSPinnedDomains`, `NSAllowsArbitraryLoads`, exception domains allowing plain HTTP) and TrustKit's
/// `TSKConfiguration`, each finding with its key path and `declared` certainty.
struct InfoPlistFacts {
    let entry: String
    let root: PropertyListDictionary
    let data: Data

    init(_ bytes: [UInt8], entry: String) throws(ScanError) {
        self.entry = entry
        data = Data(bytes)
        do {
            root = try PropertyListReader.rootDictionary(data, path: entry)
        } catch {
            throw Self.scanError(error, entry: entry)
        }
    }

    var app: AppFacts {
        AppFacts(
            package: root["CFBundleIdentifier"]?.string, versionName: root["CFBundleShortVersionString"]?.string,
            bundleVersion: root["CFBundleVersion"]?.string, executable: root["CFBundleExecutable"]?.string)
    }

    func findings() throws(ScanError) -> [ScanFinding] {
        try transportSecurity() + pinned(.ats) + pinned(.trustkit)
    }

    /// `NSAllowsArbitraryLoads` (a release-only rule) and each exception domain that allows plain HTTP.
    private func transportSecurity() -> [ScanFinding] {
        guard let ats = root["NSAppTransportSecurity"]?.dictionary else { return [] }
        var findings: [ScanFinding] = []
        if ats["NSAllowsArbitraryLoads"]?.bool == true {
            let narrower = [
                "NSAllowsArbitraryLoadsInWebContent", "NSAllowsArbitraryLoadsForMedia", "NSAllowsLocalNetworking",
            ]
            .filter { ats[$0] != nil }
            var detail = "NSAllowsArbitraryLoads: App Transport Security off for every host not excepted (plain HTTP)"
            if !narrower.isEmpty {
                detail += "; iOS 10 and later ignore it beside \(narrower.joined(separator: ", ")), iOS 9 does not"
            }
            findings.append(
                ScanFinding(
                    .cleartextTraffic, value: "true", detail: detail,
                    location: location(["NSAppTransportSecurity", "NSAllowsArbitraryLoads"]), certainty: .declared,
                    rules: [.arbitraryLoads]))
        }
        for (key, value) in ats["NSExceptionDomains"]?.dictionary?.entries ?? [] {
            guard let domain = value.dictionary else { continue }
            let subdomains = domain["NSIncludesSubdomains"]?.bool ?? false
            for flag in ["NSExceptionAllowsInsecureHTTPLoads", "NSThirdPartyExceptionAllowsInsecureHTTPLoads"]
            where domain[flag]?.bool == true {
                findings.append(
                    ScanFinding(
                        .cleartextTraffic, host: key, includeSubdomains: subdomains, value: "true",
                        detail: "\(flag): plain HTTP allowed",
                        location: location(["NSAppTransportSecurity", "NSExceptionDomains", key, flag]),
                        certainty: .declared))
            }
        }
        return findings
    }

    /// ATS's `NSPinnedDomains` or TrustKit's `TSKConfiguration`, as PinImport's importer reads it: each domain, its
    /// pins (with the key path they were read from), TrustKit's mode, expiration and report URIs, and what the
    /// importer did not take (a malformed pin, a refused host) as notes.
    private func pinned(_ format: ImportFormat) throws(ScanError) -> [ScanFinding] {
        let imported: ImportedConfiguration
        do {
            imported = try ConfigurationImporter.read(data, as: format, path: entry)
        } catch  where error.code == .missingConfiguration {
            return []
        } catch {
            throw Self.scanError(error, entry: entry)
        }
        let base = format == .ats ? atsBase : ["TSKConfiguration", "TSKPinnedDomains"]
        let domains =
            (format == .ats
            ? root["NSAppTransportSecurity"]?.dictionary?["NSPinnedDomains"]
                ?? root["NSPinnedDomains"] : root["TSKConfiguration"]?.dictionary?["TSKPinnedDomains"])?.dictionary
        var findings: [ScanFinding] = []
        for imported in imported.domains {
            let policy = imported.policy
            let key = domains?.keys.first { (try? HostName($0))?.text == policy.host } ?? policy.host
            let entryDictionary = domains?[key]?.dictionary
            let here = base + [key]
            findings.append(
                ScanFinding(
                    .domain, host: policy.host, includeSubdomains: policy.includeSubdomains,
                    value: format == .ats ? "NSPinnedDomains" : "TSKPinnedDomains", location: location(here),
                    certainty: .declared))
            for pin in policy.pins {
                let path: [String]
                let detail: String?
                if format == .ats {
                    let list = pin.position == .ca ? "NSPinnedCAIdentities" : "NSPinnedLeafIdentities"
                    let index = entryDictionary?[list]?.array?.firstIndex {
                        $0.dictionary?["SPKI-SHA256-BASE64"]?.string?.trimmingCharacters(in: .whitespacesAndNewlines)
                            == pin.value
                    }
                    path = here + [list, index.map(String.init) ?? "?", "SPKI-SHA256-BASE64"]
                    detail = pin.position == .ca ? "CA identity" : "leaf identity"
                } else {
                    let index = entryDictionary?["TSKPublicKeyHashes"]?.array?.firstIndex {
                        $0.string?.trimmingCharacters(in: .whitespacesAndNewlines) == pin.value
                    }
                    path = here + ["TSKPublicKeyHashes", index.map(String.init) ?? "?"]
                    detail = nil
                }
                findings.append(
                    ScanFinding(
                        .pin, host: policy.host, includeSubdomains: policy.includeSubdomains,
                        value: "sha256/" + pin.value, detail: detail, location: location(path), certainty: .declared,
                        position: format == .ats ? pin.position : nil))
            }
            guard format == .trustkit else { continue }
            findings.append(
                ScanFinding(
                    .pinMode, host: policy.host, includeSubdomains: policy.includeSubdomains,
                    value: policy.mode == .enforce ? "enforce" : "report-only",
                    detail: entryDictionary?["TSKEnforcePinning"] == nil
                        ? "TSKEnforcePinning unset: TrustKit enforces" : nil,
                    location: location(here + ["TSKEnforcePinning"]), certainty: .declared))
            if policy.expires != nil, let text = entryDictionary?["TSKExpirationDate"]?.string {
                findings.append(
                    ScanFinding(
                        .pinExpiration, host: policy.host, includeSubdomains: policy.includeSubdomains, value: text,
                        detail: "the first day without pins", location: location(here + ["TSKExpirationDate"]),
                        certainty: .declared))
            }
            for (index, uri) in policy.reportUris.enumerated() {
                findings.append(
                    ScanFinding(
                        .reportURI, host: policy.host, value: uri,
                        location: location(here + ["TSKReportUris", String(index)]), certainty: .declared))
            }
        }
        let noted: Set<ImportSkip.Code> = [
            .malformedPin, .invalidHost, .malformedValue, .semanticsDiffer, .duplicateHost,
        ]
        for note in imported.notCarried where noted.contains(note.code) {
            findings.append(
                ScanFinding(
                    .note, value: note.code.rawValue, detail: note.reason,
                    location: ScanLocation(entry: entry, keyPath: note.location), certainty: .declared))
        }
        return findings
    }

    private var atsBase: [String] {
        root["NSAppTransportSecurity"] != nil ? ["NSAppTransportSecurity", "NSPinnedDomains"] : ["NSPinnedDomains"]
    }

    private func location(_ path: [String]) -> ScanLocation {
        ScanLocation(entry: entry, keyPath: path.joined(separator: "/"))
    }

    /// PinImport's error as the scan's, naming the entry: an expansion past the budget is a bound reached.
    static func scanError(_ error: ImportError, entry: String) -> ScanError {
        switch error.code {
        case .expansionBudget, .tooDeep, .tooMany: ScanError(.limit, entry: entry, error.reason)
        case .unreadable where error.fileError == nil: ScanError(.limit, entry: entry, error.reason)
        default: ScanError(.malformed, entry: entry, error.reason)
        }
    }
}
