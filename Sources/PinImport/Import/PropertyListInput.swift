import Foundation
import PinningCore

/// Reads an XML or binary property list with the bounded readers of this folder (never Foundation's
/// `PropertyListSerialization`, which materialises every shared reference of a binary list before anything can
/// count it) and hands the importers its root dictionary, in the file's order.
enum PropertyListInput {
    static func rootDictionary(_ data: Data, path: String) throws(ImportError) -> PropertyListDictionary {
        let root: PropertyListValue
        if BinaryPropertyListReader.isBinary(data) {
            root = try BinaryPropertyListReader.read(data, path: path)
        } else {
            do {
                root = try XMLPropertyListReader.read(data, path: path)
            } catch  where error.code == .notXML {
                throw ImportError(
                    .notAPropertyList, path: path,
                    reason: "is not a property list (XML or binary): \(error.reason); give the Info.plist or the "
                        + "plist that holds the configuration")
            }
        }
        guard let dictionary = root.dictionary else {
            throw ImportError(
                .notAPropertyList, path: path, reason: "is a property list, but not a dictionary at its root")
        }
        return dictionary
    }
}

/// Shared checks of every importer: hosts through the one host rule, pins as base64 of 32 bytes, bounds.
struct ImportCollector {
    var configuration: ImportedConfiguration
    /// The file, for errors.
    let path: String
    /// Each host imported or refused as a duplicate, with the spelling of its first entry.
    private var seenHosts: [String: String] = [:]
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
        if let first = seenHosts[name.text] {
            skip(
                .duplicateHost, at: location,
                "\(name.text) is stated again here (first as \"\(ImportText.shown(first))\"); this later entry was "
                    + "dropped and the first one, in the file's order, imported")
            return nil
        }
        seenHosts[name.text] = text
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
    /// `location`, in the file's order: each entry that is a dictionary and whose key passes the host rule is read
    /// by `readDomain` and added; a host already read (a key equal to an earlier one, or equal once case-folded) is
    /// a dropped duplicate; anything else is an item not carried.
    mutating func addDomains(
        _ value: PropertyListValue, named name: String, at location: [String],
        _ readDomain: (String, PropertyListDictionary, [String], inout ImportCollector) -> ImportedDomain
    ) throws(ImportError) {
        guard let entries = value.dictionary else {
            throw ImportError(.missingConfiguration, path: path, reason: "\(name) is not a dictionary")
        }
        for (key, value) in entries.entries {
            let here = location + [name, key]
            guard let entry = value.dictionary else {
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

/// The bounded property-list readers for other targets (BuildScan reads an Info.plist's keys with them): XML or
/// binary, within ``PropertyListBudget``, the root a dictionary in the file's order. One reader, never a second.
public enum PropertyListReader {
    /// The root dictionary of `data` (at most ``ImportLimits/maximumFileSize`` bytes); `path` names it in errors.
    public static func rootDictionary(_ data: Data, path: String) throws(ImportError) -> PropertyListDictionary {
        guard data.count <= ImportLimits.maximumFileSize else {
            throw ImportError(
                .unreadable, path: path,
                reason: "is larger than \(ImportLimits.maximumFileSize >> 20) MiB, the limit for a property list")
        }
        return try PropertyListInput.rootDictionary(data, path: path)
    }
}
