import Foundation
import FuzzSupport
import PinningCore
import X509

/// Chain decoding (PEM with any text around the blocks, or DER). Invariants beyond "no crash":
/// - a decoded chain is not empty; every entry's DER decodes again to the same entry, and a parsed certificate
///   re-encodes to exactly the DER it was read from (what the pins hash); a refused one says why;
/// - a DER input that decodes keeps exactly the input bytes;
/// - the decoded certificates wrapped again as PEM decode to the same certificates;
/// - details and both pins can be computed, and the pins are base64 of 32 bytes;
/// - an error names a PEM block only if that block exists, and its text carries no raw control or bidi scalar
///   (errors are printed on terminals and the input is attacker-controlled);
/// - read as a trust-anchor bundle, the input gives the same usable anchors whether every certificate is parsed at
///   once or only its subject and validity until a path looks it up, each found again by its own subject.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChain(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    Invariant.currentInput = data
    defer { Invariant.currentInput = nil }
    checkAnchors(data)
    let certificates: [ChainCertificate]
    do {
        certificates = try CertificateChainDecoder.decode(data, source: "fuzz input")
    } catch {
        checkError(error, input: data)
        return 0
    }
    Invariant.check(!certificates.isEmpty, "decode returned no certificate and no error")
    for entry in certificates {
        let again = try? CertificateChainDecoder.decodeDER(entry.der, source: "re-encoded", block: nil)
        Invariant.check(again == entry, "a certificate's own DER does not decode to the same certificate")
        if let certificate = entry.certificate {
            Invariant.check(certificate.derBytes == entry.der, "a parsed certificate re-encodes to other bytes")
            Invariant.check(entry.refusal == nil, "a parsed certificate carries a refusal")
        } else if let refusal = entry.refusal {
            if let bad = UnsafeScalars.first(in: refusal) {
                Invariant.fail("a refusal carries raw \(visible(String(bad))): \(visible(refusal))")
            }
        } else {
            Invariant.fail("an unparsed certificate says nothing about why")
        }
        let details = entry.details
        for pin in [details.spkiPin, details.certPin] {
            Invariant.check(Data(base64Encoded: pin)?.count == 32, "pin \(pin) is not base64 of a SHA-256 digest")
        }
    }
    if data.first == 0x30, !data.contains(subsequence: "-----BEGIN ") {
        Invariant.check(certificates.count == 1, "DER input gave \(certificates.count) certificates")
        Invariant.check(
            certificates[0].der == Array(data), "DER input decoded but keeps different bytes")
    }
    let pem = certificates.map(pemBlock).joined(separator: "\n")
    let reread = try? CertificateChainDecoder.decode(Data(pem.utf8), source: "re-wrapped")
    Invariant.check(reread == certificates, "the chain wrapped again as PEM does not decode to the same chain")
    return 0
}

private func checkError(_ error: CertificateDecodingError, input: Data) {
    let text = error.description
    if let bad = UnsafeScalars.first(in: text) {
        Invariant.fail("error text carries raw \(visible(String(bad))): \(visible(text))")
    }
    if let block = error.block {
        let blocks = input.occurrences(of: "-----BEGIN CERTIFICATE-----")
        Invariant.check(block >= 1 && block <= blocks, "error names block \(block) of \(blocks): \(visible(text))")
    }
}

/// The bundle file the anchor check reads (`TrustAnchors` reads files); one per process, removed at exit.
private let anchorBundle: URL = {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("fuzz-chain-\(getpid()).pem")
    atexit { try? FileManager.default.removeItem(at: anchorBundle) }
    return url
}()

private func checkAnchors(_ data: Data) {
    guard (try? data.write(to: anchorBundle)) != nil else { return }
    var now = TrustAnchors()
    guard (try? now.add(contentsOf: anchorBundle, parsing: .immediately)) != nil else { return }
    var later = TrustAnchors()
    do {
        try later.add(contentsOf: anchorBundle, parsing: .whenLookedUp)
    } catch {
        Invariant.fail("usable anchors when parsed at once, none when looked up: \(visible(error.description))")
        return
    }
    Invariant.check(
        later.certificates == now.certificates, "anchors parsed when looked up differ from those parsed at once")
    for certificate in now.certificates {
        Invariant.check(
            later.certificates(withSubject: certificate.subject).contains(certificate),
            "an anchor is not found by its own subject")
    }
}

private func pemBlock(_ entry: ChainCertificate) -> String {
    let base64 = Data(entry.der).base64EncodedString(options: [
        .lineLength64Characters, .endLineWithLineFeed,
    ])
    return "-----BEGIN CERTIFICATE-----\n\(base64)\n-----END CERTIFICATE-----\n"
}

extension Data {
    fileprivate func contains(subsequence marker: String) -> Bool { occurrences(of: marker) > 0 }

    fileprivate func occurrences(of marker: String) -> Int {
        let needle = Data(marker.utf8)
        var count = 0
        var searchFrom = startIndex
        while let found = range(of: needle, in: searchFrom..<endIndex) {
            count += 1
            searchFrom = found.upperBound
        }
        return count
    }
}
