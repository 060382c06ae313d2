import Foundation
import PinningCore

/// The rule for an entry's name: what a scan accepts before it looks inside. A name that could write outside a
/// folder when extracted (`..`, an absolute path, a backslash or drive letter) or that carries a control, escape
/// or invisible character is refused naming the entry (escaped), even though the scan extracts nothing: such a
/// build was made to attack the tools that read it.
enum EntryName {
    static func check(_ raw: [UInt8], limits: ScanLimits) throws(ScanError) -> String {
        guard let name = String(bytes: raw, encoding: .utf8) else {
            let shown = String(decoding: raw, as: UTF8.self)
            throw ScanError(.unsafeName, entry: shown, "the entry's name is not UTF-8")
        }
        guard !name.isEmpty else { throw ScanError(.unsafeName, entry: name, "an entry has an empty name") }
        guard name.utf8.count <= limits.nameLength else {
            throw ScanError(.limit, entry: String(name.prefix(80)), "the name is over \(limits.nameLength) bytes")
        }
        if name.unicodeScalars.contains(where: { TerminalSafeText.isUnsafe($0) }) {
            throw ScanError(.unsafeName, entry: name, "the name holds a control, escape or invisible character")
        }
        if name.hasPrefix("/") || name.contains("\\") || name.dropFirst().hasPrefix(":") {
            throw ScanError(.unsafeName, entry: name, "the name is an absolute path")
        }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: { $0 == ".." }) {
            throw ScanError(.unsafeName, entry: name, "the name climbs out of the archive with '..'")
        }
        guard components.count <= limits.nameDepth else {
            throw ScanError(.limit, entry: name, "the name is nested over \(limits.nameDepth) folders deep")
        }
        return name
    }
}
