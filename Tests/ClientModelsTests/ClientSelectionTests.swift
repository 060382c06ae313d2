import ClientModels
import Foundation
import PinningCore
import TestSupport
import Testing

/// What `--clients` names, and the lines and JSON key it adds to a command's report.
@Suite("Client selection and report")
struct ClientSelectionTests {
    let pki = Fixtures.pki

    @Test("all, or a list in any order and case with blanks: catalog order, each once; an unknown name is nil")
    func selection() {
        #expect(PinClient.selection("all") == PinClient.allCases)
        #expect(PinClient.selection(" CURL , okhttp3,curl") == [.okhttp3, .curl])
        #expect(PinClient.selection("curl,netscape") == nil)
        #expect(PinClient.selection("curl,") == nil)
        #expect(PinClient.selection("all,curl") == nil)
    }

    @Test("the text section counts the clients that differ from PinBench and indents each verdict")
    func reportSection() async throws {
        let manifest = Fixtures.manifest(
            DomainPolicy(
                host: pki.host,
                pins: [Fixtures.pin(Fixtures.spki(pki.root)), Fixtures.pin(Fixtures.unrelatedPin, role: .backup)]))
        let served = pki.good.presented.map { ChainCertificate($0.certificate) }
        let validator = Fixtures.validator(manifest)
        let verdict = await validator.validate(host: pki.host, chain: served, at: Date())
        let judged = await ClientJudge.judgeAll(
            [.okhttp, .curl], host: pki.host, manifest: manifest, verdict: verdict, chain: served,
            validator: validator, at: Date())
        #expect(ClientVerdict.reportSection([]) == [])
        let lines = ClientVerdict.reportSection(judged)
        // curl compares the leaf only, so it rejects the root pin OkHttp and PinBench accept.
        #expect(lines.first == "Clients (each as its export configures it; 1 differ from PinBench):")
        #expect(lines.dropFirst() == (judged[0].reportLines + judged[1].reportLines).map { "  " + $0 }[...])
        let agreeing = ClientVerdict.reportSection([judged[0]])
        #expect(agreeing.first == "Clients (each as its export configures it; all agree with PinBench):")
    }

    @Test("WithClients adds the clients key beside the object's own keys")
    func withClients() throws {
        struct Head: Encodable { let outcome = "accepted" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(
            WithClients(base: Head(), clients: [HostClientVerdicts(host: "a.example", clients: [])]))
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"clients":[{"clients":[],"host":"a.example"}],"outcome":"accepted"}"#)
    }
}
