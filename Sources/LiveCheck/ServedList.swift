import Foundation
import ManifestLint
import PinningCore

/// `forecast --served-list FILE`: a file of `HOST=FILE` lines, each read as a `--served HOST=FILE` is
/// (``ServedChainFiles``), for a fleet's thousands of chains: as arguments they cost the argument parser time that
/// grows with their square (ten thousand took seconds). Blank lines and lines starting with `#` are skipped; a chain
/// FILE is relative to the current folder, as with `--served`.
public enum ServedList {
    /// The largest list read: far beyond a line for each of a million hosts.
    public static let maximumSize = 64 << 20

    /// The chains of `served` (the `--served` values) and of the list at `list` (none without one), in that order;
    /// a host named twice, in either or across both, is refused. Bad input in words, as `--served`'s.
    public static func entries(
        served: [String], list path: String?
    ) throws -> [(host: String, chain: [ChainCertificate])] {
        guard let path else { return try ServedChainFiles.read(served, option: "--served") }
        let data: Data
        do {
            data = try BoundedFileReader.read(URL(fileURLWithPath: path), limit: maximumSize, what: "served list")
        } catch {
            throw ServedChainFilesError("--served-list \(path): \(error.description)")
        }
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return try ServedChainFiles.read(
            served + lines.filter { !$0.isEmpty && !$0.hasPrefix("#") }, option: "--served or --served-list")
    }

    /// The files `served` (`HOST=FILE` values) and the list at `list` name, the list itself first: what an output
    /// of the same command must never replace. A list that cannot be read names only itself (reading the chains
    /// refuses it with its reason).
    public static func files(served: [String], list path: String?) -> [String] {
        var lines = served
        if let path {
            let data = try? BoundedFileReader.read(URL(fileURLWithPath: path), limit: maximumSize, what: "served list")
            lines += String(decoding: data ?? Data(), as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        }
        let chains = lines.compactMap { line -> String? in
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { return nil }
            let file = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            return file.isEmpty ? nil : file
        }
        return (path.map { [$0] } ?? []) + chains
    }
}
