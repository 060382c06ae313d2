import ManifestEditing
import PinningCore
import X509

/// Work the backend does for the workbench; results come back as ``WorkbenchMessage``s.
///
/// `update` stays pure by returning these instead of doing I/O.
public enum Effect: Sendable {
    /// Fetch these domains' chains concurrently; answer each with `fetchStarted` and `fetchCompleted`.
    case fetch([FetchRequest])
    /// Validate `chain` for `host` against `manifest` (PinValidator with the manifest's trust anchors) and answer
    /// with `validated(host:verdict:generation:)`, passing `generation` back. `revocation` is the handshake's OCSP
    /// staple (or that there was none); nil for a chain read from a file.
    case validate(
        host: String, chain: [ChainCertificate], manifest: PinManifest, revocation: RevocationEvidence?,
        generation: Int)
    /// Save the document (ManifestStore.save: under the manifest's lock, only if the file is still the one loaded,
    /// atomically) and answer with `saved` or `saveFailed`.
    case save(ManifestDocument)
    /// Hand the terminal back to the shell and stop (job control, Ctrl-Z); on `fg`, take it again and redraw.
    case suspend
    /// Generate a backup key (slow for RSA: off the update loop), write it and its CSR as new files, and answer with
    /// `backupKeyFinished`.
    case generateBackupKey(BackupKeyRequest)
    /// Compute one domain's forecast off the loop (``ForecastOutlook/compute(_:judge:)``) and answer with
    /// `forecastComputed`.
    case forecast(ForecastRequest)
    /// Adopt, remove or keep a recovery file found at the start (``RecoveryOffer``).
    case recovery(RecoveryRequest)
    /// Restore the terminal and exit.
    case quit
    /// Put text on the terminal's clipboard, or write a file the user asked for (see ``OutputRequest``).
    case output(OutputRequest)
}
