import Foundation
import PinningCore
import Workbench

/// The effects that run off the session loop, as tasks that post their answers into `inbox`: fetches (at most
/// `limiter`'s count at once), validations and backup keys.
///
/// A task whose service throws is never fatal: it posts what failed as a ``WorkbenchMessage/notice(_:)`` (shown,
/// and kept in the message log), and a fetch that threw ends as its domain's failed fetch, so nothing waits for it.
struct BackgroundWork: Sendable {
    let inbox: MessageInbox
    let services: WorkbenchServices
    let limiter: FetchLimiter

    /// Fetches each domain's chain; answers each with `fetchStarted` once it runs and `fetchCompleted`.
    func fetch(_ requests: [FetchRequest]) {
        for request in requests {
            Task.detached(executorPreference: RuntimeExecutor.shared) {
                await limiter.acquire()
                inbox.post(.fetchStarted(host: request.host))
                let result: Result<FetchedChain, FetchFailure>
                do {
                    result = try await services.fetch(request)
                } catch {
                    let reason = "the fetch failed inside pinbench: \(error)"
                    inbox.post(failed("fetching \(request.host)", error))
                    result = .failure(FetchFailure(.other, detail: reason.terminalSafe))
                }
                await limiter.release()
                inbox.post(.fetchCompleted(host: request.host, result: result))
            }
        }
    }

    /// Judges `chain` for `host` under `manifest`; answers with `validated`, passing `generation` back.
    func validate(
        _ host: String, _ chain: [ChainCertificate], _ manifest: PinManifest, _ revocation: RevocationEvidence?,
        generation: Int
    ) {
        Task.detached(executorPreference: RuntimeExecutor.shared) {
            do {
                let verdict = try await services.validate(host, chain, manifest, revocation)
                inbox.post(.validated(host: host, verdict: verdict, generation: generation))
            } catch {
                inbox.post(failed("judging the chain of \(host)", error))
            }
        }
    }

    /// Computes one domain's forecast; answers with `forecastComputed`.
    func forecast(_ request: ForecastRequest) {
        Task.detached(executorPreference: RuntimeExecutor.shared) {
            do {
                inbox.post(.forecastComputed(try await services.forecast(request)))
            } catch {
                inbox.post(failed("the forecast", error))
            }
        }
    }

    /// Reads the releases file beside the manifest at `manifest` with each release's pins; answers with
    /// `releasesOnDisk`.
    func readReleases(besideManifest manifest: URL) -> WorkbenchMessage {
        .releasesOnDisk(ReleasesReader.read(besideManifest: manifest))
    }

    /// Generates and writes a backup key (seconds for RSA); answers with `backupKeyFinished`.
    func generateBackupKey(_ request: BackupKeyRequest) {
        Task.detached(executorPreference: RuntimeExecutor.shared) {
            inbox.post(.backupKeyFinished(BackupKeyJob.run(request)))
        }
    }

    /// The notice for background work that threw: what it was doing, and the error, escaped.
    private func failed(_ what: String, _ error: any Error) -> WorkbenchMessage {
        .notice(.backgroundFailed(what: what, error: "\(error)"))
    }
}
