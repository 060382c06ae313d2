import Foundation

/// What a Mach-O's bytes show of pinning: SPKI hashes as strings (`sha256/` and 44 base64 characters, or the 44
/// characters alone: TrustKit and `URLSessionDelegate` code hold them so) anywhere in each architecture, each with
/// its byte offset and section, and the pinning libraries it loads (dylib load commands) or holds (class names).
public enum MachOPins {
    /// Class names that only the library defines: found when it is linked statically, as text in the binary.
    static let classNames = [
        ("TSKPinningValidator", "TrustKit"), ("AFSecurityPolicy", "AFNetworking"),
        ("PinnedCertificatesTrustEvaluator", "Alamofire"), ("PublicKeysTrustEvaluator", "Alamofire"),
    ]

    /// The pinning library a framework or dylib name stands for (`@rpath/TrustKit.framework/TrustKit`, the
    /// `Frameworks/Alamofire.framework` folder), if any.
    static func library(named path: String) -> String? {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        let name = last.hasSuffix(".framework") ? String(last.dropLast(".framework".count)) : last
        if ["TrustKit", "Alamofire", "AFNetworking"].contains(name) { return name }
        if name.lowercased().contains("certificatetransparency") { return name + " (Certificate Transparency)" }
        return nil
    }

    /// The findings of one Mach-O: libraries, encryption, and pin strings with their offsets and sections. At most
    /// `limit` pin strings are listed, those whose value is in `keeping` always (a debugging proxy's key: a cap must
    /// never hide a broken rule); the rest are counted in one note. A universal file's slices are one program built
    /// for several processors: a pin string in several slices is one finding, at its first slice's place, naming
    /// every slice that holds it.
    public static func findings(
        _ file: MachOFile, limit: Int = ScanLimits().findings, keeping: Set<String> = []
    ) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        // Per pin value: the index of its first finding, and the slices (with offsets) holding it. Within one slice
        // each string is its own finding, as in a thin file.
        var pinIndex: [String: Int] = [:]
        var slices: [String: [String]] = [:]
        var room = limit
        for architecture in file.architectures {
            findings += libraries(file, architecture)
            if let encrypted = architecture.encrypted {
                findings.append(
                    ScanFinding(
                        .encrypted, value: "true",
                        detail: "\(architecture.name): \(encrypted.count) bytes of code encrypted (App Store "
                            + "FairPlay): strings there cannot be read; scan the build before App Store encryption",
                        location: ScanLocation(
                            entry: file.entry, keyPath: architecture.name, offset: encrypted.lowerBound),
                        certainty: .declared))
            }
            let search = pinStrings(
                file.bytes, in: architecture.range, limit: room, keeping: keeping, known: Set(pinIndex.keys))
            room = max(0, room - search.hits.filter { !pinIndex.keys.contains($0.value) }.count)
            if search.omitted > 0 {
                findings.append(
                    ScanFinding(
                        .note, value: "omitted",
                        detail: "\(search.omitted) more pin strings in \(architecture.name), past the \(limit) listed",
                        location: ScanLocation(entry: file.entry, keyPath: architecture.name), certainty: .codePattern))
            }
            let earlier = Set(pinIndex.keys)
            var named: Set<String> = []
            for string in search.hits {
                let slice = "\(architecture.name) offset \(string.offset)"
                if earlier.contains(string.value) {
                    if named.insert(string.value).inserted { slices[string.value, default: []].append(slice) }
                    continue
                }
                if pinIndex[string.value] == nil {
                    pinIndex[string.value] = findings.count
                    slices[string.value] = [slice]
                }
                let section = file.section(at: string.offset, in: architecture)
                var notes = [
                    string.bare
                        ? "a bare base64 string of 32 bytes (an SPKI or certificate hash, or another 32-byte value)"
                        : "a sha256/ literal"
                ]
                if let section, section.name == "__cstring",
                    let host = precedingHost(file.bytes, before: string.offset, in: section.range)
                {
                    notes.append("the C string before it (past other pins) is the host \(host)")
                }
                findings.append(
                    ScanFinding(
                        .pin, value: string.value, detail: notes.joined(separator: "; "),
                        location: ScanLocation(
                            entry: file.entry,
                            keyPath: architecture.name + (section.map { " \($0.segment),\($0.name)" } ?? ""),
                            offset: string.offset),
                        certainty: .codePattern))
            }
        }
        for (value, index) in pinIndex where (slices[value]?.count ?? 0) > 1 {
            findings[index] = findings[index].adding(
                "in \(slices[value]!.count) slices of the universal binary: " + slices[value]!.joined(separator: ", "))
        }
        return findings
    }

    /// The pinning libraries an architecture loads (each dylib load command naming one) or holds (a class name).
    private static func libraries(_ file: MachOFile, _ architecture: MachOFile.Architecture) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        for dylib in architecture.dylibs {
            guard let library = library(named: dylib.name) else { continue }
            findings.append(
                ScanFinding(
                    .library, value: library, detail: (dylib.weak ? "weakly loaded: " : "loaded: ") + dylib.name,
                    location: ScanLocation(
                        entry: file.entry, keyPath: "\(architecture.name) load_commands/\(dylib.command)"),
                    certainty: .declared))
        }
        var named: Set<String> = Set(findings.map(\.value))
        for (className, library) in classNames where !named.contains(library) {
            guard let offset = firstOffset(of: Array(className.utf8), in: file.bytes, range: architecture.range) else {
                continue
            }
            named.insert(library)
            findings.append(
                ScanFinding(
                    .library, value: library, detail: "its class \(className) is in the binary (linked statically)",
                    location: ScanLocation(entry: file.entry, keyPath: architecture.name, offset: offset),
                    certainty: .codePattern))
        }
        return findings
    }

    struct PinString: Equatable {
        let offset: Int
        /// `sha256/` and the base64 digest, whether the bytes held the prefix or not.
        let value: String
        let bare: Bool
    }

    /// Pin strings found, and how many more past the limit.
    struct PinSearch {
        var hits: [PinString] = []
        var omitted = 0
    }

    /// Every run of base64 characters in `range` that is `sha256/` and base64 of 32 bytes, or exactly 44 base64
    /// characters of 32 bytes, canonical (the last character `=`, the one before it with its low bits clear). One
    /// pass over the bytes: nothing is kept but the first `limit` hits, and past them the first place of each value
    /// in `keeping`, and the first place of each value in `known` (already listed from another slice, it takes no
    /// room): what is kept is bounded by `limit` plus the two sets, however often a value repeats.
    static func pinStrings(
        _ bytes: [UInt8], in range: Range<Int>, limit: Int = .max, keeping: Set<String> = [],
        known: Set<String> = []
    ) -> PinSearch {
        var search = PinSearch()
        var kept = 0
        var knownSeen: Set<String> = []
        var keptPastLimit: Set<String> = []
        bytes.withUnsafeBufferPointer { buffer in
            var start = range.lowerBound
            var index = range.lowerBound
            while index <= range.upperBound {
                if index < range.upperBound, alphabet[Int(buffer[index])] >= 0 || buffer[index] == 0x3D {
                    index += 1
                    continue
                }
                let length = index - start
                if length >= 44, let hit = pin(buffer, start: start, end: index) {
                    if known.contains(hit.value) {
                        // Already listed (from another slice): named there once, and it takes no room. Later
                        // copies in this slice add nothing (a slice repeating it millions of times holds one).
                        if knownSeen.insert(hit.value).inserted { search.hits.append(hit) }
                    } else if kept < limit {
                        kept += 1
                        search.hits.append(hit)
                    } else if keeping.contains(hit.value), keptPastLimit.insert(hit.value).inserted {
                        // Past the limit, a value that must never be hidden is listed at its first place only.
                        search.hits.append(hit)
                    } else {
                        search.omitted += 1
                    }
                }
                index += 1
                start = index
            }
        }
        return search
    }

    private static func pin(_ buffer: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> PinString? {
        let digest = end - 44
        guard buffer[end - 1] == 0x3D else { return nil }
        for index in digest..<end - 1 where alphabet[Int(buffer[index])] < 0 { return nil }
        // 43 characters carry 258 bits: the last two must be zero for 32 bytes written canonically.
        guard alphabet[Int(buffer[end - 2])] & 0x3 == 0 else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[digest..<end]), as: UTF8.self)
        let prefix = Array("sha256/".utf8)
        if end - start >= 51, buffer[digest - 7..<digest].elementsEqual(prefix) {
            return PinString(offset: digest - 7, value: "sha256/" + text, bare: false)
        }
        return end - start == 44 ? PinString(offset: digest, value: "sha256/" + text, bare: true) : nil
    }

    /// Base64's alphabet: each byte's value, or -1.
    private static let alphabet: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (value, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = Int8(value)
        }
        return table
    }()

    /// The C string before the one at `offset` in a `__cstring` section, skipping pins, if it is a host name.
    private static func precedingHost(_ bytes: [UInt8], before offset: Int, in section: Range<Int>) -> String? {
        var end = offset - 1
        // Walk back at most a few strings, each at most 300 bytes: a hint, never a long search.
        for _ in 0..<16 {
            guard end > section.lowerBound, bytes[end] == 0 else { return nil }
            var start = end
            while start > section.lowerBound, bytes[start - 1] != 0, end - start < 300 { start -= 1 }
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            if DexPins.isHostPattern(text) { return text }
            guard !pinStrings(bytes, in: start..<end).hits.isEmpty else { return nil }
            end = start - 1
        }
        return nil
    }

    /// Where `pattern` first occurs in `range` of `bytes` (`memchr` for its first byte, then a comparison).
    static func firstOffset(of pattern: [UInt8], in bytes: [UInt8], range: Range<Int>) -> Int? {
        guard !pattern.isEmpty, range.count >= pattern.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            let base = UnsafeRawPointer(buffer.baseAddress!)
            var cursor = range.lowerBound
            let last = range.upperBound - pattern.count
            while cursor <= last {
                guard let hit = memchr(base + cursor, Int32(pattern[0]), last - cursor + 1) else { return nil }
                let offset = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + offset, pattern, pattern.count) == 0 { return offset }
                cursor = offset + 1
            }
            return nil
        }
    }
}
