import Foundation
import FuzzSupport
import PinImport
import PinningCore

/// The importers (`ConfigurationImporter.read`, all three formats: the XML and binary property-list paths and the
/// XML path). The first byte picks what the rest becomes:
/// - 0: the bytes themselves, read as every format;
/// - 1: a binary property list of shared references built from the input (depth, fanout, a leaf string), whose
///   expansion the harness computes on its own: refused for the budget exactly when it passes the budget;
/// - 2: the input's text in UTF-16 or UTF-32 with a byte order mark: always refused for its encoding;
/// - 3: the input's text behind an XML declaration naming another encoding: refused for it (or for a NUL).
///
/// Invariants for every input: reading is deterministic; an error names the file and carries no raw control or bidi
/// scalar; what is accepted as XML is UTF-8 declaring no other encoding, with no `<!ENTITY` (and, for Android, no
/// `<!DOCTYPE`); results stay within `ImportLimits`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    Invariant.currentInput = Data(bytes)
    defer { Invariant.currentInput = nil }
    guard let mode = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    switch mode % 4 {
    case 0:
        for format in ImportFormat.allCases { checkRaw(Data(rest), format) }
    case 1:
        checkSharedReferences(FuzzInput(rest))
    case 2:
        var input = FuzzInput(rest)
        let form = input.int(in: 0...2)
        let text = String(decoding: input.bytes(4096), as: UTF8.self)
        let data: Data
        switch form {
        case 0: data = Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        case 1: data = Data([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        default:
            data = Data(
                [0xFF, 0xFE, 0, 0]
                    + text.unicodeScalars.flatMap { scalar in
                        (0..<4).map { UInt8((scalar.value >> ($0 * 8)) & 0xFF) }
                    })
        }
        for format in ImportFormat.allCases {
            let code = errorCode(data, format)
            Invariant.check(code == .encodingRefused, "\(format): a byte order mark gave \(String(describing: code))")
        }
    default:
        var input = FuzzInput(rest)
        let encoding = input.pick(["UTF-7", "UTF-16", "utf-16le", "ISO-8859-1", "EBCDIC-US", "Shift_JIS", "UTF-32"])
        let text = String(decoding: input.bytes(4096), as: UTF8.self)
        let data = Data("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\(text)".utf8)
        for format in ImportFormat.allCases {
            let code = errorCode(data, format)
            // A NUL makes the bytes not UTF-8 text: refused as not XML, which the property-list formats report as
            // not a property list; either way nothing was parsed.
            let expected: Set<ImportError.Code?> =
                text.contains("\0") ? [.notXML, .notAPropertyList, .encodingRefused] : [.encodingRefused]
            Invariant.check(
                expected.contains(code), "\(format): encoding \(encoding) gave \(String(describing: code))")
        }
    }
    return 0
}

private func read(_ data: Data, _ format: ImportFormat) -> Result<ImportedConfiguration, ImportError> {
    Result { () throws(ImportError) in try ConfigurationImporter.read(data, as: format, path: "fuzz.input") }
}

private func errorCode(_ data: Data, _ format: ImportFormat) -> ImportError.Code? {
    if case .failure(let error) = checked(data, format) { return error.code }
    return nil
}

/// Reads `data` twice and checks what holds for every input.
@discardableResult
private func checked(_ data: Data, _ format: ImportFormat) -> Result<ImportedConfiguration, ImportError> {
    let result = read(data, format)
    switch (result, read(data, format)) {
    case (.success(let first), .success(let second)):
        Invariant.check(first == second, "\(format): reading twice gave different configurations")
        Invariant.check(first.domains.count <= ImportLimits.maximumDomains, "\(format): too many domains")
        Invariant.check(first.notCarried.count <= ImportLimits.maximumNotes + 1, "\(format): too many notes")
        for domain in first.domains {
            Invariant.check(!domain.policy.pins.isEmpty, "\(format): a domain with no pins was imported")
            Invariant.check(domain.policy.pins.count <= ImportLimits.maximumPinsPerDomain, "\(format): too many pins")
        }
        for note in first.notCarried {
            if let scalar = UnsafeScalars.first(in: note.description) {
                Invariant.fail("\(format): a note carries \(visible(String(scalar))): \(visible(note.description))")
            }
        }
    case (.failure(let first), .failure(let second)):
        Invariant.check(first.code == second.code, "\(format): reading twice gave different errors")
        Invariant.check(first.description.hasPrefix("fuzz.input: "), "error does not name the file")
        if let scalar = UnsafeScalars.first(in: first.description) {
            Invariant.fail("\(format): an error carries \(visible(String(scalar))): \(visible(first.description))")
        }
    default:
        Invariant.fail("\(format): reading twice succeeded once and failed once")
    }
    return result
}

private func checkRaw(_ data: Data, _ format: ImportFormat) {
    guard case .success = checked(data, format), !data.starts(with: Array("bplist00".utf8)) else { return }
    // Accepted as XML: the bytes are the text the parser read, so what the guards looked for was really absent.
    guard let text = String(data: data, encoding: .utf8) else {
        Invariant.fail("\(format): accepted XML that is not UTF-8")
        return
    }
    Invariant.check(!text.contains("\0"), "\(format): accepted XML with a NUL")
    Invariant.check(text.range(of: "<!ENTITY", options: .caseInsensitive) == nil, "\(format): accepted an ENTITY")
    if format == .android {
        Invariant.check(text.range(of: "<!DOCTYPE", options: .caseInsensitive) == nil, "accepted a DOCTYPE")
    }
    if let declaration = text.range(of: #"<\?xml[^>]*encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression) {
        // The match ends with the value's closing quote: the value is what lies between it and the quote before.
        let match = text[declaration]
        let value = String(match.dropLast().reversed().prefix { $0 != match.last }.reversed())
        let name = value.lowercased()
        Invariant.check(
            name == "utf-8" || name == "utf8", "\(format): accepted XML declaring \(visible(String(value)))")
    }
}

/// `TSKPinnedDomains` → `depth + 1` arrays of `fanout` references each to the next → one ASCII leaf string. The
/// harness counts its expansion itself (objects visited, bytes decoded) and checks the reader's decision.
private func checkSharedReferences(_ input: FuzzInput) {
    var input = input
    let depth = input.int(in: 0...20)
    let fanout = input.int(in: 1...60)
    let leaf = input.bytes(input.int(in: 0...255) * 4).map { $0 & 0x7F }
    let key = Array("TSKPinnedDomains".utf8)
    var objects: [[UInt8]] = [[0xD1, 1, 2], marker(0x5, key.count) + key]
    let leafIndex = 2 + depth + 1
    for level in 0...depth {
        let next = level == depth ? leafIndex : 2 + level + 1
        objects.append(marker(0xA, fanout) + Array(repeating: UInt8(next), count: fanout))
    }
    objects.append(marker(0x5, leaf.count) + leaf)
    let data = binaryPropertyList(objects)

    // Objects: the root, its key, the arrays (fanout^level of each level) and fanout^(depth+1) leaves.
    var arrays = 0.0
    var reached = 1.0
    for _ in 0...depth {
        arrays += reached
        reached *= Double(fanout)
    }
    let objectCount = 2 + arrays + reached
    let decoded = Double(key.count) + reached * Double(leaf.count)
    let overBudget =
        objectCount > Double(ImportLimits.maximumPropertyListObjects)
        || decoded > Double(ImportLimits.maximumDecodedBytes)
    for format in [ImportFormat.trustkit, .ats] {
        let code = errorCode(data, format)
        if overBudget {
            Invariant.check(
                code == .expansionBudget,
                "\(format): \(objectCount) objects, \(decoded) bytes read without the budget's refusal (\(String(describing: code)))"
            )
        } else {
            Invariant.check(
                code != .expansionBudget, "\(format): \(objectCount) objects, \(decoded) bytes refused for the budget")
        }
    }
}

private func marker(_ kind: UInt8, _ count: Int) -> [UInt8] {
    count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0xF, 0x11, UInt8(count >> 8), UInt8(count & 0xFF)]
}

/// The objects, an offset table of two-byte offsets and the trailer, with one-byte references (CFBinaryPList.c).
private func binaryPropertyList(_ objects: [[UInt8]]) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
        offsets.append(bytes.count)
        bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
    bytes += [0, 0, 0, 0, 0, 0, 2, 1]
    for value in [objects.count, 0, table] { bytes += (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
    return Data(bytes)
}
