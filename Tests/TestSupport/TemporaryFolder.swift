import Foundation

/// A fresh folder under the system temporary directory, removed when the value is released.
public final class TemporaryFolder: @unchecked Sendable {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) -> String {
        write(name, Data(text.utf8))
    }

    @discardableResult
    public func write(_ name: String, _ data: Data) -> String {
        let file = url.appendingPathComponent(name)
        try! data.write(to: file)
        return file.path
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    public func read(_ name: String) -> String? {
        try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }
}
