/// The files of an app build, whatever holds them: a ZIP archive read in place (an IPA), or a folder (an unpacked
/// `.app`). Names are relative, `/`-separated and passed through ``EntryName``'s rule; reads are bounded.
protocol BuildFiles {
    /// Every file's name (folders are not listed).
    var names: [String] { get }
    /// The bytes a file will read to, as declared (an archive entry's size, a file's length).
    func size(of name: String) -> Int?
    /// The file's bytes, checked and within `maxBytes` (``ScanLimits/entryBytes`` unless given).
    func read(_ name: String, maxBytes: Int?) throws(ScanError) -> [UInt8]
}

extension ZipArchive: BuildFiles {
    var names: [String] { entries.map(\.name).filter { !$0.hasSuffix("/") } }

    func size(of name: String) -> Int? { entry(named: name)?.uncompressedSize }

    func read(_ name: String, maxBytes: Int?) throws(ScanError) -> [UInt8] {
        guard let entry = entry(named: name) else {
            throw ScanError(.malformed, entry: name, "the archive has no such entry")
        }
        return try read(entry, maxBytes: maxBytes)
    }
}
