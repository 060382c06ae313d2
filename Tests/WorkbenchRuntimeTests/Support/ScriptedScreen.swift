import Foundation
import Workbench
import WorkbenchRuntime

/// A screen in memory for the session loop: plays a script of key presses, waits for text on the frames the session
/// draws, runs actions between reads (a change on disk, a look at the files), and records what it was given.
///
/// The session calls it from the one thread it runs on; the test reads it only after ``WorkbenchSession/run()``
/// returned, hence `@unchecked Sendable`.
final class ScriptedScreen: WorkbenchScreen, @unchecked Sendable {
    enum Step {
        /// These keys, one per read.
        case press([Key])
        /// Keys chosen from the screen as it is now (e.g. the write gate's `y`, or `!` when lint found errors).
        case pressFor((String) -> [Key])
        /// Waits until the last frame shows `text`; that frame's text is kept in ``seen``.
        case waitFor(String)
        /// Runs on the session's thread between two reads of the screen.
        case run(() throws -> Void)
        /// The session is asked to end as by this signal (SIGTERM, SIGHUP: a lost terminal), without a quit.
        case signal(Int32)
    }

    let size: Size
    /// How long one `waitFor` may take before the script gives up (a bound, so a broken session cannot hang the
    /// suite; not a measure of speed).
    let patience: TimeInterval
    private var steps: [Step]
    private var queuedKeys: [Key] = []
    private var waitingSince: Date?

    /// The last frame drawn, and how many were.
    private(set) var lastFrame: Frame?
    private(set) var drawCount = 0
    /// The text of the frame that ended each `waitFor`, by the text waited for.
    private(set) var seen: [String: String] = [:]
    /// Texts put on the clipboard.
    private(set) var clipboard: [String] = []
    /// Why the script stopped early (a wait that ran out, an action that threw, a session that outlived its script).
    private(set) var failure: String?
    private(set) var closeCount = 0
    /// The signal a ``Step/signal(_:)`` step sent.
    private var signalled: Int32?

    init(size: Size = Size(width: 160, height: 48), patience: TimeInterval = 180, script: [Step]) {
        self.size = size
        self.patience = patience
        self.steps = script
    }

    var lastText: String { lastFrame?.text ?? "" }

    func nextInput(timeout milliseconds: Int32) -> WorkbenchMessage? {
        if !queuedKeys.isEmpty { return .key(queuedKeys.removeFirst()) }
        guard failure == nil, let step = steps.first else {
            if failure == nil { failure = "the script ended but the session still runs; last screen:\n\(lastText)" }
            return nil
        }
        switch step {
        case .press(let keys):
            steps.removeFirst()
            queuedKeys = keys
        case .pressFor(let choose):
            steps.removeFirst()
            queuedKeys = choose(lastText)
        case .waitFor(let text):
            wait(for: text, pollMilliseconds: milliseconds)
        case .run(let action):
            steps.removeFirst()
            do { try action() } catch { failure = "a scripted action failed: \(error)" }
        case .signal(let number):
            steps.removeFirst()
            signalled = number
        }
        return queuedKeys.isEmpty ? nil : .key(queuedKeys.removeFirst())
    }

    private func wait(for text: String, pollMilliseconds: Int32) {
        let started = waitingSince ?? Date()
        if lastText.contains(text) {
            seen[text] = lastText
            steps.removeFirst()
            waitingSince = nil
        } else if Date().timeIntervalSince(started) > patience {
            failure = "waited \(Int(patience)) s for \"\(text)\"; last screen:\n\(lastText)"
        } else {
            waitingSince = started
            // As a terminal's read waits for a key: the session's tasks run meanwhile.
            Thread.sleep(forTimeInterval: Double(max(1, pollMilliseconds)) / 1000)
        }
    }

    func draw(_ frame: Frame, theme: Theme) {
        lastFrame = frame
        drawCount += 1
    }

    func copyToClipboard(_ text: String) {
        clipboard.append(text)
    }

    /// No job control in memory, as under a shell that ignores Ctrl-Z.
    func suspend() -> Bool { false }

    var suspendRequested: Bool { false }

    func repaintIfContinued() -> Bool { false }

    /// SIGTERM once the script failed, so that the loop ends and the test reports why.
    var terminationSignal: Int32? { failure == nil ? signalled : SIGTERM }

    func close() {
        closeCount += 1
    }
}

extension ScriptedScreen.Step {
    /// `text` typed one character per key.
    static func type(_ text: String) -> Self {
        .press(text.map { Key.character($0) })
    }

    /// Single-character keys, e.g. `keys("2", "G", "p")`.
    static func keys(_ characters: Character...) -> Self {
        .press(characters.map { Key.character($0) })
    }
}
