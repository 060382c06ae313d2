import Foundation
import PinningCore
import Testing

@testable import Workbench

/// Ten thousand domains, functionally: moving through them and drawing every frame works. How fast it is, is
/// measured by the `pinbench-bench` benchmark in release builds (BENCHMARKS.md), never asserted in a test.
@Suite struct PerformanceTests {
    @Test("200 key presses through 10,000 domains reach the last one, every frame showing the selected domain")
    func keyPressesThroughTenThousandDomains() {
        let domains = (0..<10_000).map { DomainPolicy(host: String(format: "host%05d.example.com", $0)) }
        var state = WorkbenchState(
            document: WorkbenchFixture.document(PinManifest(domains: domains)), size: Size(width: 120, height: 40),
            now: WorkbenchFixture.now)
        for i in 0..<200 {
            _ = state.apply(.key(i % 50 == 49 ? .character("G") : .down))
            let frame = WorkbenchProgram.view(state)
            #expect(frame.text.contains(String(format: "host%05d.example.com", state.selection.selectedDomain)))
        }
        #expect(state.selection.selectedDomain == 9_999)
        #expect(WorkbenchProgram.view(state).text.contains("host09999.example.com"))
    }
}
