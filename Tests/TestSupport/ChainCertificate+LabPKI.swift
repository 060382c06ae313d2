import LabPKI
import PinningCore

extension IssuedCertificate {
    /// The certificate as one element of a presented chain.
    public var chainCertificate: ChainCertificate { ChainCertificate(certificate) }
}

extension IssuedChain {
    /// The presented certificates (leaf first) as the chain the validator and lint take.
    public var presentedChain: [ChainCertificate] { presented.map(\.chainCertificate) }
}
