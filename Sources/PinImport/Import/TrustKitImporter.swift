import Foundation
import PinningCore

/// Reads TrustKit's configuration: `TSKConfiguration › TSKPinnedDomains` of an Info.plist, or `TSKPinnedDomains` at
/// the root of a standalone plist (the dictionary apps pass to `TrustKit.initSharedInstance(withConfiguration:)`).
///
/// Carried per domain: `TSKPublicKeyHashes` (SPKI SHA-256 pins, position any), `TSKIncludeSubdomains`,
/// `TSKEnforcePinning` (NO = report-only; TrustKit's default is YES) and `TSKExpirationDate` (`YYYY-MM-DD`, the
/// first day without pins: the manifest's `expires` is the day before) and `TSKReportUris` (through the manifest's
/// ``ReportURI`` rule). Everything else is listed as not carried.
enum TrustKitImporter {
    static func read(_ data: Data, path: String) throws(ImportError) -> ImportedConfiguration {
        let root = try PropertyListInput.rootDictionary(data, path: path)
        var collector = ImportCollector(format: .trustkit, path: path)
        let domains: PropertyListValue
        let location: [String]
        if let configuration = root["TSKConfiguration"] {
            guard let configuration = configuration.dictionary else {
                throw ImportError(.missingConfiguration, path: path, reason: "TSKConfiguration is not a dictionary")
            }
            guard let pinned = configuration["TSKPinnedDomains"] else {
                throw missing(path)
            }
            domains = pinned
            location = ["TSKConfiguration"]
            for key in configuration.keys.sorted() where key != "TSKPinnedDomains" {
                collector.skip(globalCode(key), at: location + [key], globalReason(key))
            }
        } else if let pinned = root["TSKPinnedDomains"] {
            domains = pinned
            location = []
            for key in root.keys.sorted() where key.hasPrefix("TSK") && key != "TSKPinnedDomains" {
                collector.skip(globalCode(key), at: [key], globalReason(key))
            }
        } else {
            throw missing(path)
        }
        try collector.addDomains(domains, named: "TSKPinnedDomains", at: location) { host, entry, here, collector in
            readDomain(host: host, entry, at: here, into: &collector)
        }
        return collector.finished()
    }

    private static func readDomain(
        host: String, _ entry: PropertyListDictionary, at location: [String], into collector: inout ImportCollector
    ) -> ImportedDomain {
        var policy = DomainPolicy(host: host, mode: .enforce)
        for key in entry.keys.sorted() {
            let here = location + [key]
            let value = entry[key]!
            switch key {
            case "TSKPublicKeyHashes":
                readPins(value, at: here, into: &policy, &collector)
            case "TSKIncludeSubdomains":
                guard let flag = value.bool else {
                    collector.skip(.malformedValue, at: here, "not a boolean; includeSubdomains left false")
                    continue
                }
                policy.includeSubdomains = flag
            case "TSKEnforcePinning":
                guard let flag = value.bool else {
                    collector.skip(.malformedValue, at: here, "not a boolean; mode left enforce (TrustKit's default)")
                    continue
                }
                policy.mode = flag ? .enforce : .reportOnly
            case "TSKExpirationDate":
                guard let text = value.string, let day = CalendarDay(text) else {
                    collector.skip(
                        .malformedValue, at: here,
                        "not a date written YYYY-MM-DD; the domain was imported without expiry")
                    continue
                }
                policy.expires = day.previous
            case "TSKReportUris":
                readReportURIs(value, at: here, into: &policy, &collector)
            default:
                collector.skip(domainCode(key), at: here, domainReason(key))
            }
        }
        return ImportedDomain(policy: policy, stated: [.includeSubdomains, .mode, .expires, .reportUris])
    }

    /// `TSKPublicKeyHashes`: SPKI SHA-256 pins, each imported once; an entry that is not a pin is listed as skipped.
    private static func readPins(
        _ value: PropertyListValue, at here: [String], into policy: inout DomainPolicy,
        _ collector: inout ImportCollector
    ) {
        guard let hashes = value.array else {
            collector.skip(.malformedValue, at: here, "not a list of pins; no pins imported")
            return
        }
        for (index, hash) in hashes.enumerated() {
            // One past the limit is enough for the collector to refuse the domain as too many pins.
            if policy.pins.count > ImportLimits.maximumPinsPerDomain { break }
            guard let text = hash.string else {
                collector.skip(.malformedValue, at: here + ["\(index)"], "not a string; not imported")
                continue
            }
            guard let value = collector.pinValue(text, at: here + ["\(index)"]) else { continue }
            if policy.pins.contains(where: { $0.value == value }) {
                collector.skip(.duplicatePin, at: here + ["\(index)"], "a duplicate pin; imported once")
                continue
            }
            policy.pins.append(Pin(type: .spkiSHA256, value: value))
        }
    }

    /// `TSKReportUris`: the URLs the manifest's ``ReportURI`` rule accepts, up to its maximum, each once.
    private static func readReportURIs(
        _ value: PropertyListValue, at here: [String], into policy: inout DomainPolicy,
        _ collector: inout ImportCollector
    ) {
        guard let uris = value.array else {
            collector.skip(.malformedValue, at: here, "not a list of URLs; no report URIs imported")
            return
        }
        for (index, uri) in uris.enumerated() {
            let at = here + ["\(index)"]
            guard let text = uri.string else {
                collector.skip(.malformedValue, at: at, "not a string; not imported")
                continue
            }
            if let problem = ReportURI.problem(text) {
                collector.skip(.malformedValue, at: at, problem + "; not imported")
            } else if policy.reportUris.count >= ReportURI.maximumCount {
                collector.skip(
                    .malformedValue, at: at, "more than \(ReportURI.maximumCount) report URIs; not imported")
            } else if !policy.reportUris.contains(text) {
                policy.reportUris.append(text)
            }
        }
    }

    private static func missing(_ path: String) -> ImportError {
        ImportError(
            .missingConfiguration, path: path,
            reason: "holds no TrustKit configuration (no TSKConfiguration › TSKPinnedDomains, no TSKPinnedDomains)")
    }

    private static let knownDomainKeys: [String: String] = [
        "TSKDisableDefaultReportUri":
            "TrustKit's default report server is a TrustKit setting with no manifest field; set it in the app",
        "TSKExcludeSubdomainFromParentPolicy":
            "the manifest has no exclusion from a parent's includeSubdomains; remove the parent's "
            + "includeSubdomains or give this host its own pins",
        "TSKPublicKeyAlgorithms":
            "TrustKit 1.x key algorithms are not needed: SPKI SHA-256 pins hash the whole key info, any algorithm",
        "kTSKPublicKeyAlgorithms":
            "TrustKit 1.x key algorithms are not needed: SPKI SHA-256 pins hash the whole key info, any algorithm",
    ]

    private static func domainCode(_ key: String) -> ImportSkip.Code {
        knownDomainKeys[key] == nil ? .unknownKey : .unsupportedSetting
    }

    private static func domainReason(_ key: String) -> String {
        knownDomainKeys[key] ?? "not a TrustKit domain key this reader knows; not carried"
    }

    private static let knownGlobalKeys: [String: String] = [
        "TSKSwizzleNetworkDelegates":
            "an app setting of TrustKit (how it hooks URLSession), not a pin; set it in the app",
        "TSKIgnorePinningForUserDefinedTrustAnchors":
            "a macOS TrustKit setting with no manifest field; set it in the app",
    ]

    private static func globalCode(_ key: String) -> ImportSkip.Code {
        knownGlobalKeys[key] == nil ? .unknownKey : .unsupportedSetting
    }

    private static func globalReason(_ key: String) -> String {
        knownGlobalKeys[key] ?? "not a TrustKit configuration key this reader knows; not carried"
    }
}
