import Foundation
import PinningCore
import Workbench

/// The effects that run off the session loop, as tasks that post their answers into `inbox`: fetches (at most
/// `limiter`'s count at once), validations and backup keys.
struct BackgroundWork: Sendable {
    let inbox: MessageInbox
    let services: WorkbenchServices
    let limiter: FetchLimiter

    /// Fetches each domain's chain; answers each with `fetchStarted` once it runs and `fetchCompleted`.
    func fetch(_ requests: [FetchRequest]) {
        for request in requests {
            Task.detached {
                await limiter.acquire()
                inbox.post(.fetchStarted(host: request.host))
                let result = await services.fetch(request)
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
        Task.detached {
            let verdict = await services.validate(host, chain, manifest, revocation)
            inbox.post(.validated(host: host, verdict: verdict, generation: generation))
        }
    }

    /// Computes one domain's forecast; answers with `forecastComputed`.
    func forecast(_ request: ForecastRequest) {
        Task.detached { inbox.post(.forecastComputed(await services.forecast(request))) }
    }

    /// Reads the releases file beside the manifest at `manifest` with each release's pins; answers with
    /// `releasesOnDisk`.
    func readReleases(besideManifest manifest: URL) -> WorkbenchMessage {
        .releasesOnDisk(ReleasesReader.read(besideManifest: manifest, pins: services.releasePins))
    }

    /// Generates and writes a backup key (seconds for RSA); answers with `backupKeyFinished`.
    func generateBackupKey(_ request: BackupKeyRequest) {
        Task.detached { inbox.post(.backupKeyFinished(BackupKeyJob.run(request))) }
    }
}
