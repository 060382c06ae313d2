import Foundation
import FuzzSupport
import PinningCore

/// The readers of what servers and CT log lists hand PinBench: OCSP responses (a staple is attacker-controlled),
/// SCT lists (inside a certificate) and CT log list files. The first byte picks the reader. Invariants beyond
/// "no crash":
/// - an OCSP response that reads stays within the bounds (responses, certificates) and a non-successful status
///   carries no responses;
/// - an SCT list that reads encodes back to exactly the input bytes, and reads again to the same list;
/// - every log of a list that reads has a log ID that is the SHA-256 of its key;
/// - error texts carry no raw control or bidi scalar (they are printed on terminals).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRevocationCT(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: start, count: count))
    Invariant.currentInput = Data(input)
    defer { Invariant.currentInput = nil }
    let body = Array(input.dropFirst())
    switch input[0] % 3 {
    case 0:
        do {
            let response = try ParsedOCSPResponse(derEncoded: body)
            Invariant.check(response.responses.count <= ParsedOCSPResponse.maximumResponses, "too many responses")
            Invariant.check(response.certificates.count <= ParsedOCSPResponse.maximumCertificates, "too many certs")
            if response.status != .successful {
                Invariant.check(response.responses.isEmpty, "an unsuccessful response carries responses")
            }
        } catch {
            checkText(error.description)
        }
    case 1:
        do {
            let list = try SignedCertificateTimestamp.parseList(body[...])
            let encoded = SignedCertificateTimestamp.encodeList(list)
            Invariant.check(encoded == body, "an SCT list does not encode back to its bytes")
            Invariant.check((try? SignedCertificateTimestamp.parseList(encoded[...])) == list, "re-read differs")
        } catch {
            checkText(error.description)
        }
    default:
        do {
            let list = try CTLogList(json: Data(body))
            for log in list.logs {
                Invariant.check(
                    Fingerprint.sha256Base64(log.key) == Data(log.logID).base64EncodedString(),
                    "a log ID is not its key's hash")
            }
        } catch {
            checkText(error.description)
        }
    }
    return 0
}

private func checkText(_ text: String) {
    if let bad = UnsafeScalars.first(in: text) {
        Invariant.fail("error text carries raw \(visible(String(bad))): \(visible(text))")
    }
}
