import Foundation
import PinExport
import PinningCore
import TestSupport
import Testing

/// The severity of what an export says: a configuration the client refuses is a typed finding, not a sentence.
@Suite("export findings the client would refuse")
struct ExportRefusalTests {
    func manifest(pins: Int) -> PinManifest {
        let values = [Fixtures.unrelatedPin, Data(repeating: 9, count: 32).base64EncodedString()].prefix(pins)
        return Fixtures.manifest(DomainPolicy(host: "api.example.test", pins: values.map { Fixtures.pin($0) }))
    }

    @Test("trustkit and hpkp: one key pin is refused by the client, two are not; other formats have no such rule")
    func severity() {
        for format in [ExportFormat.trustkit, .hpkp] {
            let one = PinExporter.export(manifest(pins: 1), as: format)
            #expect(one.refusals.count == 1, "\(format)")
            #expect(one.refusals.first?.message.hasPrefix("api.example.test:") == true)
            #expect(PinExporter.export(manifest(pins: 2), as: format).refusals.isEmpty, "\(format)")
        }
        for format in ExportFormat.allCases where format != .trustkit && format != .hpkp {
            #expect(PinExporter.export(manifest(pins: 1), as: format).refusals.isEmpty, "\(format)")
        }
        // What a format cannot carry is not a refusal.
        var reportOnly = manifest(pins: 2)
        reportOnly.domains[0].mode = .reportOnly
        let ats = PinExporter.export(reportOnly, as: .ats)
        #expect(ats.refusals.isEmpty && ats.findings.contains { $0.severity == .notCarried })
    }
}
