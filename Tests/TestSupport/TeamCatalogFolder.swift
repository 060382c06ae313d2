import Foundation

/// A team's private CA as a catalog folder (docs/ca-catalog.md): one root and one active intermediate from PEM files,
/// one default profile. The tests that add a CA of their own to the catalog write it through here, so the format is
/// spelled in one place.
public enum TeamCatalogFolder {
    /// Writes `catalog.json`, `root.pem` and the intermediate's file into `folder` (made if missing).
    public static func write(
        into folder: URL, rootPEM: String, intermediatePEM: String, intermediateFile: String = "ca.pem",
        profile: String = "internal", lifetimeDays: Int
    ) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let json = """
            { "format": 1, "id": "team", "name": "Team CA",
              "certificates": [
                { "file": "root.pem", "label": "Team Root", "role": "root", "status": "active" },
                { "file": "\(intermediateFile)", "label": "Team CA 1", "role": "intermediate", "status": "active" } ],
              "profiles": [ { "name": "\(profile)", "default": true, "lifetimes": [ { "days": \(lifetimeDays) } ] } ] }
            """
        try Data(json.utf8).write(to: folder.appendingPathComponent("catalog.json"))
        try Data(rootPEM.utf8).write(to: folder.appendingPathComponent("root.pem"))
        try Data(intermediatePEM.utf8).write(to: folder.appendingPathComponent(intermediateFile))
    }
}
