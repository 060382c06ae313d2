import PinningCore
import Testing

@testable import Workbench

/// The Certificate pane's verdict line says the host (already in the heading) not at all, and the outcome once.
@Suite struct VerdictLineTests {
    func line(_ outcome: Verdict.Outcome, _ statement: String) -> String {
        VerdictLine.text(VerdictSummary(outcome: outcome, statement: statement))
    }

    @Test("the core's statement keeps the outcome it already states, with no host")
    func outcomeOnce() {
        #expect(
            line(.accepted, "accepted: active pin matched at level 0.")
                == "✓ accepted: active pin matched at level 0.")
        #expect(
            line(.rejected, "rejected: a certificate in the chain has expired.")
                == "✗ rejected: a certificate in the chain has expired.")
        #expect(
            line(.notPinned, "trusted, not pinned: the domain lists no pins.")
                == "! trusted, not pinned: the domain lists no pins.")
        #expect(
            line(.pinsLapsed, "trusted, pins LAPSED: the domain's pins expired on 2026-01-01.")
                == "! trusted, pins LAPSED: the domain's pins expired on 2026-01-01.")
    }

    @Test("a statement that does not name the outcome gets the label in front")
    func labelWhenMissing() {
        #expect(
            line(.reportOnlyViolation, "trusted, but PIN MISMATCH.")
                == "! report-only violation: trusted, but PIN MISMATCH.")
        #expect(line(.rejected, "old news") == "✗ REJECTED: old news")
    }
}
