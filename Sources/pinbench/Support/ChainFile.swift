import Foundation
import PinningCore

/// Reads a chain file given on the command line (PEM or DER, leaf first). Certificates swift-certificates refuses
/// (an RSA-1024 leaf) are still read, shown and pinned; the validator rejects them with the reason.
enum ChainFile {
    static func read(_ path: String) throws -> [ChainCertificate] {
        try CertificateChainDecoder.decode(contentsOf: URL(fileURLWithPath: path))
    }
}
