import PinningCore
import Testing
import Workbench

/// A fetch failure is a kind, a step and a detail; its words are made only where it is shown, and they read as the
/// probe's and the offline folder's always have.
@Suite("Fetch failures")
struct FetchFailureTests {
    @Test("a connection's failure names its step, as the probe's own description does")
    func connectionStep() {
        let refused = FetchFailure(
            .connectionRefused, phase: .dial, detail: "connection refused by 127.0.0.1:1 (nothing listening?)")
        #expect(refused.kind == .connectionRefused)
        #expect(refused.description == "connect failed: connection refused by 127.0.0.1:1 (nothing listening?)")
        let alert = FetchFailure(.tlsFailure, phase: .handshake, detail: "x sent the TLS alert \"handshake failure\"")
        #expect(alert.description == "TLS handshake failed: x sent the TLS alert \"handshake failure\"")
    }

    @Test("failures outside a connection say only their detail; a missing chain file says which")
    func otherKinds() {
        #expect(FetchFailure(.invalidTarget, detail: "bad host").description == "bad host")
        #expect(FetchFailure(.undecodableChain, detail: "block 1 is not X.509").description == "block 1 is not X.509")
        let missing = FetchFailure(.noChainFile, detail: "zz.pinbench.test.pem: no such file")
        #expect(missing.description == "no chain file zz.pinbench.test.pem: no such file")
    }
}
