import Foundation
import PinningCore

/// What `inspect` says when the chain leads to no trust anchor: which trust it used, and how to give the one that
/// was missing. A lab chain judged on the system's roots is rejected correctly, and the user needs to know that the
/// lab's root was simply not given, and how to give it.
public struct InspectTrustNote: Sendable {
    /// The bundle default trust read (`--ca-bundle`, `$SSL_CERT_FILE` or the system's), nil with none.
    public let bundlePath: String?
    /// Where ``bundlePath`` came from, as the user would name it: `--ca-bundle`, `$SSL_CERT_FILE`, or nil for the
    /// system's.
    public let bundleSource: String?
    /// The manifest's `trustAnchors`, as written in it.
    public let manifestAnchors: [String]
    public let manifestURL: URL
    /// Whether the manifest file was read (false when the default pins.json does not exist).
    public let manifestWasRead: Bool

    public init(
        bundlePath: String?, bundleSource: String?, manifestAnchors: [String], manifestURL: URL, manifestWasRead: Bool
    ) {
        self.bundlePath = bundlePath
        self.bundleSource = bundleSource
        self.manifestAnchors = manifestAnchors
        self.manifestURL = manifestURL
        self.manifestWasRead = manifestWasRead
    }

    public var lines: [String] {
        var lines = ["Trust used: " + trustUsed + "."]
        if let lab = labBeside {
            let root = lab.root.lastPathComponent
            if manifestTrusts(lab.root) {
                lines.append(
                    "The lab root \(root) is in \(manifestURL.lastPathComponent)'s trustAnchors and was used: the "
                        + "chain itself leads to no trust anchor (the reasons above say why: an intermediate missing, "
                        + "a self-signed leaf, or an issuer that is not the lab's, as mitm.pinbench.test's impostor). "
                        + "Investigate it; do not pin it.")
            } else if manifestWasRead && lab.manifest == manifestURL.standardizedFileURL.path {
                lines.append(
                    "The lab root \(root) is beside \(manifestURL.lastPathComponent) but not in its trustAnchors: "
                        + "add it there, or give it with --ca-bundle \(root).")
            } else {
                let name = URL(fileURLWithPath: lab.manifest).lastPathComponent
                lines.append(
                    "A lab manifest is here: \(name), with the lab's root \(root) beside it. To judge the lab's "
                        + "chain, give --manifest \(name) (its trustAnchors name the root) or --ca-bundle \(root).")
            }
        } else {
            lines.append(
                "If this is the demo lab (pinbench lab), give its root: --ca-bundle with the \"Lab root CA (PEM)\" "
                    + "path the lab printed, or --manifest with the file of pinbench lab --write-manifest.")
        }
        return lines
    }

    /// Whether the manifest was read and one of its `trustAnchors` (relative to its folder) is `root`.
    private func manifestTrusts(_ root: URL) -> Bool {
        guard manifestWasRead else { return false }
        let folder = manifestURL.deletingLastPathComponent()
        let rootPath = root.standardizedFileURL.path
        return manifestAnchors.contains { anchor in
            let url = anchor.hasPrefix("/") ? URL(fileURLWithPath: anchor) : folder.appendingPathComponent(anchor)
            return url.standardizedFileURL.path == rootPath
        }
    }

    private var trustUsed: String {
        var parts: [String] = []
        if let bundlePath {
            parts.append(
                bundleSource.map { "the bundle \($0) names (\(bundlePath))" }
                    ?? "the system's CA bundle (\(bundlePath))")
        } else {
            parts.append("no CA bundle")
        }
        if !manifestWasRead {
            parts.append("no manifest (\(manifestURL.lastPathComponent) was not found), so no trustAnchors")
        } else if manifestAnchors.isEmpty {
            parts.append("\(manifestURL.lastPathComponent), which lists no trustAnchors")
        } else {
            parts.append("\(manifestURL.lastPathComponent)'s trustAnchors (\(manifestAnchors.joined(separator: ", ")))")
        }
        return parts.joined(separator: " and ")
    }

    /// A lab manifest with its lab root beside it (``LabManifestWriter/companions(of:)``): the manifest given, else
    /// the first such JSON file in the current folder. Looks at a bounded number of entries.
    private var labBeside: (manifest: String, root: URL)? {
        var candidates = [manifestURL.standardizedFileURL]
        let folder = manifestURL.deletingLastPathComponent()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        candidates += entries.prefix(1_000).filter { $0.hasSuffix(".json") }.sorted().map {
            folder.appendingPathComponent($0).standardizedFileURL
        }
        for candidate in candidates {
            let root = LabManifestWriter.companions(of: candidate).root
            if FileManager.default.fileExists(atPath: candidate.path),
                FileManager.default.fileExists(atPath: root.path)
            {
                return (candidate.path, root)
            }
        }
        return nil
    }
}
