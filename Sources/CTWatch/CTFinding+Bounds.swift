import Foundation
import PinForecast

/// What a finding may hold in the state file, applied before it is kept, so that what the watch writes its reader
/// reads back: a certificate can carry thousands of names and a releases file a thousand releases, but a finding
/// keeps the hosts that lock a release out first, then others up to ``maximumCells`` verdict rows, and says how
/// many it left out.
extension CTFinding {
    /// Names kept (the rest are counted): enough to show what a certificate is for.
    public static let maximumNames = 200
    /// Verdict rows (hosts times releases) kept: at least one host's whole row of a full releases file.
    public static let maximumCells = 1024
    /// Bytes of UTF-8 kept of a name, and of each other text (issuer, serial, why a path ends).
    static let maximumNameBytes = 253
    static let maximumTextBytes = 1024

    /// This finding as the state file keeps it: within every bound its reader checks.
    public var bounded: CTFinding {
        let names = self.names.prefix(Self.maximumNames).map { Self.cut($0, Self.maximumNameBytes) }
        var kept: [WatchVerdict] = []
        var cells = 0
        var chosen = Set<Int>()
        func fits(_ verdict: WatchVerdict) -> Bool {
            guard chosen.count < Self.maximumHosts, cells + verdict.rows.count <= Self.maximumCells else {
                return false
            }
            cells += verdict.rows.count
            return true
        }
        // First the hosts that lock out a release no kept host does yet, so every lockout stays named; then the rest.
        var covered: Set<String> = []
        for (index, verdict) in verdicts.enumerated() {
            let locked = Set(verdict.lockingOut.map(\.release))
            guard !locked.isSubset(of: covered), fits(verdict) else { continue }
            covered.formUnion(locked)
            chosen.insert(index)
        }
        for index in verdicts.indices where !chosen.contains(index) && fits(verdicts[index]) {
            chosen.insert(index)
        }
        for (index, verdict) in verdicts.enumerated() where chosen.contains(index) {
            kept.append(
                WatchVerdict(host: Self.cut(verdict.host, Self.maximumNameBytes), rows: Array(verdict.rows)))
        }
        return CTFinding(
            log: Self.cut(log, Self.maximumTextBytes), index: index, kind: kind,
            serial: Self.cut(serial, Self.maximumTextBytes), issuer: Self.cut(issuer, Self.maximumTextBytes),
            notBefore: notBefore, notAfter: notAfter, names: names, spkiPin: spkiPin, issuerSPKIPin: issuerSPKIPin,
            verdicts: kept, pathCut: pathCut.map { Self.cut($0, Self.maximumTextBytes) }, found: found,
            namesLeftOut: namesLeftOut + (self.names.count - names.count),
            hostsLeftOut: hostsLeftOut + (verdicts.count - kept.count))
    }

    /// `text` cut to at most `bytes` of UTF-8, at a character boundary.
    static func cut(_ text: String, _ bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var end = text.startIndex
        var used = 0
        for index in text.indices {
            let next = text.index(after: index)
            let size = text.utf8.distance(from: index, to: next)
            guard used + size <= bytes else { break }
            used += size
            end = next
        }
        // A character of more than `bytes` bytes (a long cluster of combining marks) is cut by scalars.
        if end == text.startIndex {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                guard used + scalar.utf8.count <= bytes else { break }
                used += scalar.utf8.count
                scalars.append(scalar)
            }
            return String(scalars)
        }
        return String(text[..<end])
    }
}
