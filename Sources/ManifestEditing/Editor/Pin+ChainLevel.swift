import Foundation
import PinningCore

extension Pin {
    /// The pin of the certificate at `level` of `chain` (0 the leaf, 1 the certificate that signed it, ...), or nil
    /// when the chain has no such level: `pin add` pins what a chain file holds, by its position.
    public init?(
        chain: [ChainCertificate], level: Int, type: PinType, role: PinRole, added: Date, note: String?
    ) {
        guard chain.indices.contains(level) else { return nil }
        self.init(
            certificate: CertificateDetails(chain[level]), level: level, type: type, role: role, added: added,
            note: note)
    }
}
