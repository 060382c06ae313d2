import Foundation
import Testing
import Workbench
import WorkbenchRuntime

/// The runtime never writes the workbench's state: what it has to say and the time reach the state as messages.
@Suite("the runtime speaks to the workbench in messages")
struct RuntimeMessagesTests {
    @Test("Ctrl-Z where the shell has no job control: a notice, shown and logged once; the session goes on")
    func noJobControlIsANotice() async throws {
        let workspace = try RuntimeWorkspace()
        let screen = ScriptedScreen(script: [
            .waitFor("✓ accepted"), .press([.control("z")]), .waitFor("no job control here"), .keys("q"),
        ])
        let state = try await workspace.runSession(on: screen)
        #expect(screen.failure == nil, "\(screen.failure ?? "")")
        let logged = state.chrome.messageLog.entries.filter { $0.message.text.hasPrefix("no job control here") }
        #expect(logged.count == 1, "\(state.chrome.messageLog.entries.map(\.message.text))")
    }
}
