import Foundation
import PinningCore
import Testing

@testable import Workbench

/// Not a timed test: measures key press to frame with 10,000 domains and fails only when it is wildly slow (a
/// regression to per-frame work proportional to the number of domains). The benchmark figures come from release
/// builds; this runs in debug.
@Suite struct PerformanceTests {
    @Test func keyPressToFrameWithTenThousandDomains() {
        let domains = (0..<10_000).map { DomainPolicy(host: String(format: "host%05d.example.com", $0)) }
        var state = WorkbenchState(
            document: WorkbenchFixture.document(PinManifest(domains: domains)), size: Size(width: 120, height: 40),
            now: WorkbenchFixture.now)
        var samples: [Double] = []
        for i in 0..<200 {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = state.apply(.key(i % 50 == 49 ? .character("G") : .down))
            let frame = WorkbenchProgram.view(state)
            let end = DispatchTime.now().uptimeNanoseconds
            #expect(frame.size.width == 120)
            samples.append(Double(end - start) / 1_000_000)
        }
        samples.sort()
        let median = samples[samples.count / 2]
        print("key press to frame, 10,000 domains, debug build: median \(String(format: "%.2f", median)) ms")
        #expect(median < 50)
        #expect(state.selectedDomain == 9_999)
    }
}
