import ChainProbe
import SwiftASN1

extension ProbeResult {
    /// The chain as the server sent it, as PEM lines (what `inspect --pem` prints): each certificate as
    /// `openssl x509 -outform PEM` writes it, one after another, ready for `pin add --chain`.
    public var sentChainPEMLines: [String] {
        sentChain.flatMap { der in
            PEMDocument(type: "CERTIFICATE", derBytes: der).pemString.split(separator: "\n").map(String.init)
        }
    }
}
