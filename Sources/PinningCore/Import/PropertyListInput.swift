import Foundation

/// Reads an XML or binary property list with Foundation's `PropertyListSerialization` and hands the importers its
/// values as typed lookups, so that a value of the wrong type is an item not carried, never a crash.
///
/// The size is bounded by the caller (``ConfigurationImporter``); nesting by Foundation's own parser, which
/// refuses property lists nested deeper than a few hundred levels (checked in the tests).
enum PropertyListInput {
    static func rootDictionary(_ data: Data, path: String) throws(ImportError) -> [String: Any] {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw ImportError(
                .notAPropertyList, path: path,
                reason: "is not a property list (XML or binary), or is nested too deeply; give the Info.plist "
                    + "or the plist that holds the configuration")
        }
        guard let dictionary = root as? [String: Any] else {
            throw ImportError(
                .notAPropertyList, path: path, reason: "is a property list, but not a dictionary at its root")
        }
        return dictionary
    }

    /// `value` as a Bool: property-list `<true/>`/`<false/>` (Foundation may also read `<integer>` 0 or 1 so).
    static func bool(_ value: Any) -> Bool? {
        if value is String { return nil }
        return value as? Bool
    }
}

/// Shared checks of every importer: hosts through the one host rule, pins as base64 of 32 bytes, bounds.
struct ImportCollector {
    var configuration: ImportedConfiguration
    /// The file, for errors.
    let path: String
    private var seenHosts: Set<String> = []
    private var droppedNotes = 0

    init(format: ImportFormat, path: String) {
        self.path = path
        configuration = ImportedConfiguration(format: format)
    }

    /// Records an item not carried; past ``ImportLimits/maximumNotes`` only counts it.
    mutating func skip(_ code: ImportSkip.Code, at location: [String], _ reason: String) {
        guard configuration.notCarried.count < ImportLimits.maximumNotes else {
            droppedNotes += 1
            return
        }
        configuration.notCarried.append(ImportSkip(code, at: location, reason))
    }

    /// The host of `text` under the host rule, or nil (and a note) when it is refused or already seen.
    mutating func host(_ text: String, at location: [String]) -> String? {
        let name: HostName
        do {
            name = try HostName(text)
        } catch {
            skip(.invalidHost, at: location, error.description + " The domain was not imported.")
            return nil
        }
        guard seenHosts.insert(name.text).inserted else {
            skip(.duplicateHost, at: location, "\(name.text) is stated twice; only its first entry was imported")
            return nil
        }
        return name.text
    }

    /// `text` as a pin value (surrounding white space removed), or nil (and a note) when it is not base64 of
    /// 32 bytes.
    mutating func pinValue(_ text: String, at location: [String]) -> String? {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let pin = Pin(type: .spkiSHA256, value: value)
        guard pin.hasWellFormedValue else {
            skip(
                .malformedPin, at: location,
                "\"\(ImportText.shown(value))\" is not a SHA-256 pin (base64 of 32 bytes, 44 characters); not imported")
            return nil
        }
        return value
    }

    mutating func add(_ domain: ImportedDomain, at location: [String]) throws(ImportError) {
        guard configuration.domains.count < ImportLimits.maximumDomains else {
            throw ImportError(
                .tooMany, path: path,
                reason: "holds more than \(ImportLimits.maximumDomains) domains, the limit for an import")
        }
        guard domain.policy.pins.count <= ImportLimits.maximumPinsPerDomain else {
            throw ImportError(
                .tooMany, path: path,
                reason: "\(domain.policy.host) holds \(domain.policy.pins.count) pins; the limit for an import is "
                    + "\(ImportLimits.maximumPinsPerDomain) per domain")
        }
        guard !domain.policy.pins.isEmpty else {
            skip(.noPins, at: location, "no pins left to import for \(domain.policy.host); the domain was not imported")
            return
        }
        configuration.domains.append(domain)
    }

    /// Reads a property list's dictionary of domains (`TSKPinnedDomains`, `NSPinnedDomains`) named `name` at
    /// `location`: each entry that is a dictionary and whose key passes the host rule is read by `readDomain` and
    /// added; anything else is an item not carried.
    mutating func addDomains(
        _ value: Any, named name: String, at location: [String],
        _ readDomain: (String, [String: Any], [String], inout ImportCollector) -> ImportedDomain
    ) throws(ImportError) {
        guard let entries = value as? [String: Any] else {
            throw ImportError(.missingConfiguration, path: path, reason: "\(name) is not a dictionary")
        }
        for key in entries.keys.sorted() {
            let here = location + [name, key]
            guard let entry = entries[key] as? [String: Any] else {
                skip(.malformedValue, at: here, "not a dictionary; the domain was not imported")
                continue
            }
            guard let host = host(key, at: here) else { continue }
            try add(readDomain(host, entry, here, &self), at: here)
        }
    }

    /// The configuration, with a last note when notes were cut.
    func finished() -> ImportedConfiguration {
        var result = configuration
        if droppedNotes > 0 {
            result.notCarried.append(
                ImportSkip(.unknownKey, at: ["…"], "\(counted(droppedNotes, "more item")) not carried (not listed)"))
        }
        return result
    }
}
