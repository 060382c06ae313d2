import ArgumentParser
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import PinningCore
import PinningNIO

/// `pinbench-fetch URL`: one HTTPS GET through PinningNIO, as a Swift service using the manifest would make it.
@main
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pinbench-fetch",
        abstract: "GET an https URL through the pinning core, as an app using the manifest would.",
        discussion: """
            The TLS handshake runs in SwiftNIO; the presented chain is judged by the same core as \
            `pinbench validate` (default trust evaluation, then the manifest's pins on the verified path). \
            Prints the response status (and headers with --show-headers) and the verdict, or the verdict that \
            refused the connection.

            Exit status: 0 a response arrived (whatever its HTTP status), 1 the pinning policy refused the \
            server, 2 anything else (a URL that is not https, an unreadable manifest, unreachable, timed out, a TLS \
            failure of the TLS stack itself), 64 options the parser refuses.

            Examples:
              pinbench-fetch https://api.example.com/health --manifest pins.json
              pinbench-fetch https://good.pinbench.test/ --manifest demo.json --connect 127.0.0.1:8443
            """
    )

    @Argument(help: "The https URL to GET.")
    var url: String

    @Option(name: .shortAndLong, help: "The pin manifest.")
    var manifest: String = "pins.json"

    @Option(help: "Dial this address:port instead of the URL's host (SNI and the policy still use the host).")
    var connect: String?

    @Option(help: "A PEM bundle of trust anchors instead of the system's.")
    var caBundle: String?

    @Option(
        parsing: .unconditional, help: "Seconds for the whole request: connect, handshake and response (up to 600).")
    var timeout: Double = 10

    @Flag(help: "Print the response headers.")
    var showHeaders = false

    func run() async throws {
        do {
            let request = try FetchRequest(url: url, connect: connect, timeout: timeout)
            // What an app does with the manifest it ships: the core's codec on its bytes, no store (and no writer).
            let manifestURL = URL(fileURLWithPath: manifest)
            let bytes = try ManifestCodec.readFile(manifestURL)
            let document = ManifestDocument(
                manifest: try ManifestCodec.decode(bytes, path: manifestURL.path), url: manifestURL,
                loadedFingerprint: ManifestDocument.fingerprint(bytes))
            let anchors = try FetchTrust.anchors(for: document, caBundle: caBundle)
            let policy = PinningPolicy(manifest: document.manifest, trustAnchors: anchors)
            let outcome = try await HTTPSFetcher.fetch(request, policy: policy)
            print(
                TerminalSafeText.sanitize(
                    "HTTP/\(outcome.head.version.major).\(outcome.head.version.minor) "
                        + "\(outcome.head.status.code) \(outcome.head.status.reasonPhrase)"))
            if showHeaders {
                for (name, value) in outcome.head.headers { print(TerminalSafeText.sanitize("\(name): \(value)")) }
            }
            print("body: \(outcome.bodyBytes) bytes")
            if let verdict = outcome.verdict {
                for line in verdict.reportLines { print(TerminalSafeText.sanitize(line)) }
            }
        } catch let rejection as PinningRejection {
            for line in rejection.verdict.reportLines { Self.stderr(TerminalSafeText.sanitize(line)) }
            throw ExitCode(1)
        } catch let failure as FetchFailure {
            Self.stderr("error: " + TerminalSafeText.sanitize(failure.description))
            throw ExitCode(2)
        } catch let error as ManifestError {
            Self.stderr("error: " + TerminalSafeText.sanitize(error.description))
            throw ExitCode(2)
        }
    }

    static func stderr(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
