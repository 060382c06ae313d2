import Foundation
import FuzzSupport
import PinningCore

/// The manifest reader (`ManifestCodec.decode`) and writer. Invariants beyond "no crash":
/// - a manifest that decodes re-encodes to JSON that decodes to the same value (in canonical order), and encoding
///   that again gives the same bytes;
/// - the written JSON carries no raw control, bidi or U+2028/U+2029 scalar (JSON escapes them as `\uXXXX`);
/// - what the strict reader accepts, a second reader (Foundation's `JSONSerialization`) accepts too and sees the
///   same domains, hosts and pin values: two readers never see two different manifests;
/// - an error is in the project's words: it names the file and carries none of Foundation's messages.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    Invariant.currentInput = data
    defer { Invariant.currentInput = nil }
    let manifest: PinManifest
    do {
        manifest = try ManifestCodec.decode(data, path: "fuzz.json")
    } catch {
        checkError(error)
        return 0
    }
    let encoded = ManifestCodec.encode(manifest)
    let text = String(decoding: encoded, as: UTF8.self)
    if let bad = UnsafeScalars.first(in: text, allowing: ["\n"]) {
        Invariant.fail("the written manifest carries raw \(visible(String(bad))):\n\(visible(text))")
    }
    let reread: PinManifest
    do {
        reread = try ManifestCodec.decode(encoded, path: "re-encoded.json")
    } catch {
        Invariant.fail("the manifest's own encoding does not decode: \(error)\n\(visible(text))")
        return 0
    }
    Invariant.check(reread == manifest.canonicallyOrdered, "decode(encode(m)) != m:\n\(visible(text))")
    Invariant.check(ManifestCodec.encode(reread) == encoded, "encoding is not stable:\n\(visible(text))")
    compareWithSecondReader(data, manifest)
    return 0
}

private func checkError(_ error: ManifestError) {
    let text = error.description
    Invariant.check(error.path == "fuzz.json", "error does not name the file: \(visible(text))")
    for phrase in foundationPhrases where text.contains(phrase) {
        Invariant.fail("Foundation's words reach the user: \(visible(text))")
        break
    }
}

/// Messages of Foundation's JSON and Cocoa errors that must never reach a user.
private let foundationPhrases = [
    "The given data was not valid JSON", "NSCocoaErrorDomain", "The operation could not be completed",
    "The data couldn’t be read", "The data couldn't be read", "debugDescription",
]

/// Reads `data` with JSONSerialization and compares what it sees with the strict reader's manifest.
private func compareWithSecondReader(_ data: Data, _ manifest: PinManifest) {
    guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
        let root = object as? [String: Any]
    else {
        Invariant.fail("the strict reader accepted text that JSONSerialization refuses or reads as a non-object")
        return
    }
    let domains = root["domains"] as? [[String: Any]] ?? []
    Invariant.check(
        domains.count == manifest.domains.count,
        "JSONSerialization sees \(domains.count) domains, the reader \(manifest.domains.count)")
    for (other, ours) in zip(domains, manifest.domains) {
        // The reader may normalise a host (lower case, no trailing dot); the second reader sees the text as written.
        let otherHost = (other["host"] as? String).map(normalized)
        Invariant.check(
            otherHost == normalized(ours.host), "host differs: \(String(describing: otherHost)) vs \(ours.host)")
        let values = (other["pins"] as? [[String: Any]] ?? []).map { $0["value"] as? String }
        Invariant.check(values == ours.pins.map(\.value), "pin values of \(visible(ours.host)) differ between readers")
    }
}

private func normalized(_ host: String) -> String {
    var host = host.lowercased()
    while host.hasSuffix(".") { host.removeLast() }
    return host
}
