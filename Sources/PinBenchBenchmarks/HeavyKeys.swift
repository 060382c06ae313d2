import Foundation
import Workbench

/// The keys whose work grows with the manifest by nature: `m` (diff) and `w` (lint and diff) after one edit. Not
/// under the 2 ms target, but measured so that a slow one is seen.
enum HeavyKeys {
    /// Adds one domain through the prompt, then times `key` (update and view) `repeats` times, closing the overlay
    /// in between. The manifest is a real file: the diff reads it back.
    static func measure(_ key: Character, domains: Int, in folder: URL, repeats: Int = 5) throws -> Samples {
        var state = WorkbenchState(
            document: try BenchmarkManifest.loadedDocument(domains: domains, in: folder),
            size: Size(width: 100, height: 30), now: Date())
        for key in [Key.character("a")] + "zz-added.bench.example".map(Key.character) + [Key.enter] {
            _ = state.apply(.key(key))
        }
        var samples = Samples()
        for _ in 0..<repeats {
            let start = Clock.now()
            _ = state.apply(.key(.character(key)))
            _ = WorkbenchProgram.view(state)
            samples.append(Clock.milliseconds(since: start))
            _ = state.apply(.key(.escape))
        }
        return samples
    }
}
