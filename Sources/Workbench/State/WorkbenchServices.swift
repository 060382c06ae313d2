import ClientModels
import Foundation
import PinForecast
import PinningCore

/// The asynchronous work a backend does for the workbench's effects, as plain closures so the executable can plug
/// in live probing (ChainProbe), the demo lab, or fixed chains for tests.
///
/// Each may throw: the runtime catches what a task throws and shows it (a fetch that threw fails its domain's
/// fetch with the reason), so a failure in background work is never fatal to the session.
public struct WorkbenchServices: Sendable {
    /// Fetches one domain's chain. Called concurrently for many domains.
    public var fetch: @Sendable (FetchRequest) async throws -> Result<FetchedChain, FetchFailure>
    /// Judges a chain for a host under a manifest, with the handshake's revocation evidence when it was live.
    public var validate:
        @Sendable (
            _ host: String, _ chain: [ChainCertificate], _ manifest: PinManifest, _ revocation: RevocationEvidence?
        ) async throws -> VerdictSummary
    /// One domain's lockout forecast (``forecasting(trustAnchors:)``, with the anchors `validate` judges with).
    public var forecast: @Sendable (ForecastRequest) async throws -> ForecastOutlook

    public init(
        fetch: @escaping @Sendable (FetchRequest) async throws -> Result<FetchedChain, FetchFailure>,
        validate:
            @escaping @Sendable (String, [ChainCertificate], PinManifest, RevocationEvidence?) async throws ->
            VerdictSummary,
        forecast: @escaping @Sendable (ForecastRequest) async throws -> ForecastOutlook
    ) {
        self.fetch = fetch
        self.validate = validate
        self.forecast = forecast
    }

    /// Forecasts with PinForecast's ``ForecastJudge`` against `trustAnchors`.
    public static func forecasting(
        trustAnchors: TrustAnchors
    ) -> @Sendable (ForecastRequest) async -> ForecastOutlook {
        let judge = ForecastJudge(trustAnchors: trustAnchors)
        return { request in await ForecastOutlook.compute(request, judge: judge) }
    }

    /// Validation with the core's ``PinValidator`` against `trustAnchors`, at the time of the call.
    public static func validation(
        trustAnchors: TrustAnchors, transparency: CTRequirement? = nil,
        clock: @escaping @Sendable () -> Date = Date.init
    )
        -> @Sendable (String, [ChainCertificate], PinManifest, RevocationEvidence?) async -> VerdictSummary
    {
        { host, chain, manifest, revocation in
            // CT is judged for live chains only (a chain from a file has no handshake to have sent it).
            let requirement = revocation == nil ? nil : transparency
            let validator = PinValidator(manifest: manifest, trustAnchors: trustAnchors)
            let time = clock()
            let verdict = await validator.validate(
                host: host, chain: chain, at: time, revocation: revocation, transparency: requirement)
            // The clients' stacks, once per chain: the Clients view judges every client from them.
            let clientTrust = await ClientStackTrust.evaluate(verdict, chain: chain, validator: validator, at: time)
            return VerdictSummary(
                verdict, sent: chain.map(\.details), transparency: requirement, clientTrust: clientTrust)
        }
    }
}
