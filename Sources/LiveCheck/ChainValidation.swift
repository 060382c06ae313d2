import ClientModels
import Foundation
import PinExport
import PinningCore

/// `validate`'s work: a chain a server presents judged for a host as an app using the manifest would (revocation and
/// transparency evidence included), then by each client asked about, with the RFC 7469 failure report it calls for.
public struct ChainValidation: Sendable {
    public var host: String
    public var chain: [ChainCertificate]
    public var validator: PinValidator
    public var at: Date
    /// A DER OCSP response about the leaf (a saved staple); nil when none was given.
    public var ocspResponse: [UInt8]?
    public var transparency: CTRequirement?
    /// The clients to judge the chain as; nil when none were asked about (no `clients` key in JSON).
    public var clients: [PinClient]?
    /// The Android app's target (`--target-sdk`), which decides whether the Android client requires CT.
    public var android: AndroidTarget?

    public init(
        host: String, chain: [ChainCertificate], validator: PinValidator, at: Date, ocspResponse: [UInt8]? = nil,
        transparency: CTRequirement? = nil, clients: [PinClient]? = nil, android: AndroidTarget? = nil
    ) {
        self.host = host
        self.chain = chain
        self.validator = validator
        self.at = at
        self.ocspResponse = ocspResponse
        self.transparency = transparency
        self.clients = clients
        self.android = android
    }

    public func run() async -> ChainValidationReport {
        let verdict = await validator.validate(
            host: host, chain: chain, at: at, revocation: ocspResponse.map { .ocspResponse($0, source: .staple) },
            transparency: transparency)
        let failure = PinFailureReport(verdict: verdict, port: verdict.policy?.port ?? 443, served: chain, at: at)
        var clientVerdicts: [ClientVerdict]?
        if let clients {
            clientVerdicts = await ClientJudge.judgeAll(
                clients, host: host, manifest: validator.manifest, verdict: verdict, chain: chain,
                validator: validator, at: at, android: android)
        }
        return ChainValidationReport(
            verdict: verdict, clients: clientVerdicts, failureReports: [failure].compactMap { $0 })
    }
}

/// What `validate` reports: the verdict (its JSON object, with a `clients` key when clients were judged), the client
/// verdicts, and the failure reports a pin failure calls for (none otherwise).
public struct ChainValidationReport: Encodable, Sendable {
    public let verdict: Verdict
    public let clients: [ClientVerdict]?
    public let failureReports: [PinFailureReport]

    /// The text report: the verdict, then the clients' section.
    public var lines: [String] { verdict.reportLines + ClientVerdict.reportSection(clients ?? []) }

    public func encode(to encoder: any Encoder) throws {
        if let clients {
            try WithClients(base: verdict, clients: clients).encode(to: encoder)
        } else {
            try verdict.encode(to: encoder)
        }
    }
}
