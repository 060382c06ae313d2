import Foundation
import PinningCore
import X509

/// Reads a chain file given on the command line (PEM or DER, leaf first).
enum ChainFile {
    static func read(_ path: String) throws -> [Certificate] {
        try CertificateChainDecoder.decode(contentsOf: URL(fileURLWithPath: path))
    }
}
