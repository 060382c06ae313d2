import DemoLab
import Testing

/// `RunningLab.startForCommand`: a lab that cannot start says so in the one sentence `demo` and `lab` print.
@Suite("lab start failure")
struct LabStartFailureTests {
    @Test("a non-loopback address is refused before anything listens, in the commands' sentence")
    func nonLoopbackRefused() {
        do {
            let lab = try RunningLab.startForCommand(DemoLabOptions(address: "0.0.0.0"))
            lab.stop()
            Issue.record("the lab started on 0.0.0.0")
        } catch {
            #expect(
                error.description
                    == "could not start the demo lab: the lab listens on loopback only (127.0.0.1 or ::1), not 0.0.0.0")
        }
    }
}
