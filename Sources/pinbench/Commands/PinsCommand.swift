import ArgumentParser
import CommandText
import Foundation
import PinningCore

struct PinsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pins",
        abstract: "Show the details and pins of every certificate in PEM or DER files.",
        discussion: """
            Replaces the openssl pipeline `openssl x509 -pubkey -noout | openssl pkey -pubin -outform DER | \
            openssl dgst -sha256 -binary | base64`. Each certificate gets its spki-sha256 pin (the public key, \
            as TrustKit, ATS, OkHttp and Android pin) and its cert-sha256 pin (the whole certificate, as \
            URLSession, Alamofire and AFNetworking certificate pinning compare).

            Examples:
              pinbench pins chain.pem
              pinbench pins --json leaf.der | jq -r '.[0].details.spkiPin'
            """
    )

    @Argument(help: "PEM files (one or many certificates, text around them is ignored) or DER files.")
    var files: [String]

    @Flag(help: "Print JSON instead of text.")
    var json = false

    mutating func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one certificate file.") }
    }

    func run() throws {
        let certificates = try files.map { (path: $0, certificates: try ChainFile.read($0)) }
        let listing = CertificateListing(certificates, now: Date())
        Output.report(listing.entries, json: json, lines: listing.lines)
    }
}
