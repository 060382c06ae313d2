import PinningCore
import Testing

@testable import Workbench

/// The Certificate pane's verdict line says the host (already in the heading) not at all, and the outcome once.
@Suite struct VerdictLineTests {
    let domain = DomainPolicy(host: "Good.PinBench.test")

    func line(_ outcome: Verdict.Outcome, _ summary: String) -> String {
        VerdictLine.text(VerdictSummary(outcome: outcome, summary: summary), domain: domain)
    }

    @Test("the core's summary loses its host prefix and keeps the outcome it already states")
    func outcomeOnce() {
        #expect(
            line(.accepted, "good.pinbench.test: accepted: active pin matched at level 0.")
                == "✓ accepted: active pin matched at level 0.")
        #expect(
            line(.rejected, "good.pinbench.test: rejected: a certificate in the chain has expired.")
                == "✗ rejected: a certificate in the chain has expired.")
        #expect(
            line(.notPinned, "good.pinbench.test: trusted, not pinned: the domain lists no pins.")
                == "! trusted, not pinned: the domain lists no pins.")
        #expect(
            line(.pinsLapsed, "Good.PinBench.test: trusted, pins LAPSED: the domain's pins expired on 2026-01-01.")
                == "! trusted, pins LAPSED: the domain's pins expired on 2026-01-01.")
    }

    @Test("a summary that does not name the outcome gets the label in front")
    func labelWhenMissing() {
        #expect(
            line(.reportOnlyViolation, "good.pinbench.test: trusted, but PIN MISMATCH.")
                == "! report-only violation: trusted, but PIN MISMATCH.")
        #expect(line(.rejected, "old news") == "✗ REJECTED: old news")
    }
}
