import Foundation
import Workbench

/// Key press to frame without a terminal: `update` then `view` into the in-memory frame, what every key costs
/// before the backend copies the frame out.
enum InMemoryKeyToFrame {
    static func measure(domains: Int, presses: Int, size: Size = Size(width: 100, height: 30)) -> Samples {
        let document = BenchmarkManifest.document(domains: domains)
        return measure(WorkbenchState(document: document, size: size, now: Date()), presses)
    }

    /// The same keys on a state made by the caller (domains fetched, an overlay closed).
    static func measure(_ start: WorkbenchState, _ presses: Int) -> Samples {
        var state = start
        let size = state.chrome.size
        var samples = Samples()
        for index in 0..<(presses + presses / 10) {
            let start = Clock.now()
            _ = state.apply(.key(KeySequence.key(index)))
            let frame = WorkbenchProgram.view(state)
            let elapsed = Clock.milliseconds(since: start)
            precondition(frame.size == size)
            if index >= presses / 10 { samples.append(elapsed) }  // the first tenth warms up
        }
        return samples
    }
}
