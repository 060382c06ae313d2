import Foundation
import PinningCore

extension IssuancePlan {
    /// The plan of `host` under `manifest` (read from `manifestURL`): the `issuance` of the domain that governs the
    /// host (exact, or a parent with includeSubdomains), judged with the catalog the manifest's rules use
    /// (``CACatalog/forManifest(caCatalog:manifestFolder:)``), or with the built-in one and `catalogFolder` (a
    /// `--ca-catalog` given on the command line, which then stands for the manifest's).
    public static func of(
        _ host: String, in manifest: PinManifest, at manifestURL: URL, catalogFolder: String? = nil,
        served: [ChainCertificate]?, on date: Date
    ) throws(CACatalogError) -> IssuancePlan {
        let catalog: CACatalog
        if let catalogFolder {
            catalog = try CACatalog.builtIn(adding: catalogFolder)
        } else {
            catalog = try CACatalog.forManifest(
                caCatalog: manifest.caCatalog, manifestFolder: manifestURL.deletingLastPathComponent()
            ).get()
        }
        return IssuancePlan(
            host: host, issuance: manifest.policy(for: host)?.issuance, served: served, catalog: catalog, on: date)
    }

    /// The plan of `host` as ``of(_:in:at:catalogFolder:served:on:)`` makes it without a served chain, or why it
    /// cannot be made: kept to be said, not dropped (`domain set` after a write forced past lint).
    public static func result(
        of host: String, in manifest: PinManifest, at manifestURL: URL, on date: Date
    ) -> Result<IssuancePlan, CACatalogError> {
        Result { () throws(CACatalogError) in try of(host, in: manifest, at: manifestURL, served: nil, on: date) }
    }
}

/// A command's JSON report with a domain's issuance plan beside its own keys, under `issuancePlan`
/// (`domain set --json` after an issuance change); or, when the plan could not be made (the manifest's `caCatalog`
/// cannot be read, a write forced past lint), why, under `issuancePlanUnavailable`: a missing plan is said, never
/// silently left out.
public struct WithIssuancePlan<Base: Encodable>: Encodable {
    public let base: Base
    public let plan: Result<IssuancePlan, CACatalogError>

    public init(_ base: Base, plan: Result<IssuancePlan, CACatalogError>) {
        self.base = base
        self.plan = plan
    }

    /// The plan's lines, or one note saying why there is none; terminal-safe.
    public var lines: [String] {
        switch plan {
        case .success(let plan): return plan.lines
        case .failure(let error): return [Self.unavailableNote(error)]
        }
    }

    /// The note for a plan that could not be made: the catalog's file and reason, terminal-safe.
    public static func unavailableNote(_ error: CACatalogError) -> String {
        "Issuance plan unavailable: the CA catalog cannot be read (\(error.description.terminalSafe))"
    }

    private struct Unavailable: Encodable {
        let code: String
        let path: String
        let reason: String
    }

    private enum CodingKeys: String, CodingKey {
        case issuancePlan, issuancePlanUnavailable
    }

    public func encode(to encoder: Encoder) throws {
        try base.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch plan {
        case .success(let plan): try container.encode(plan, forKey: .issuancePlan)
        case .failure(let error):
            let unavailable = Unavailable(code: error.code.rawValue, path: error.path, reason: error.message)
            try container.encode(unavailable, forKey: .issuancePlanUnavailable)
        }
    }
}
