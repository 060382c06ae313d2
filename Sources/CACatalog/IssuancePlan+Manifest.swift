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
}

/// A command's JSON report with a domain's issuance plan beside its own keys, under `issuancePlan`
/// (`domain set --json` after an issuance change).
public struct WithIssuancePlan<Base: Encodable>: Encodable {
    public let base: Base
    public let plan: IssuancePlan

    public init(_ base: Base, plan: IssuancePlan) {
        self.base = base
        self.plan = plan
    }

    private enum CodingKeys: String, CodingKey {
        case issuancePlan
    }

    public func encode(to encoder: Encoder) throws {
        try base.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(plan, forKey: .issuancePlan)
    }
}
