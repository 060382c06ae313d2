import ChainProbe
import Foundation
import LabPKI

extension ProbeTarget {
    /// A target for `host` that dials `127.0.0.1:port` (the SNI name stays `host`).
    static func loopback(_ host: String, port: UInt16) -> ProbeTarget {
        ProbeTarget(host: host, port: 443, connect: ProbeEndpoint(host: "127.0.0.1", port: port))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}

/// PEM text for a DER certificate, to hand to the openssl command line.
func certificatePEM(_ der: [UInt8]) -> String { PEMDocumentText(type: "CERTIFICATE", der: der).text }

/// True when `text` holds no control character (C0, DEL, C1): nothing in it can drive a terminal.
func hasNoControlCharacters(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
}
