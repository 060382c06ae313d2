import Foundation
import ManifestEditing
import ManifestLint
import PinningCore

/// Everything that can happen to the workbench: keys and resizes from the terminal, results of effects, time.
public enum WorkbenchMessage: Sendable {
    case key(Key)
    case resize(Size)
    /// A click or a wheel notch (only when the mouse is on: `--no-mouse` leaves it to the terminal's selection).
    case mouse(MouseEvent)
    case fetchStarted(host: String)
    case fetchCompleted(host: String, result: Result<FetchedChain, FetchFailure>)
    case validated(host: String, verdict: VerdictSummary, generation: Int)
    case saved(ManifestDocument)
    /// The write was refused or failed; nothing was written. Typed, so the workbench can say what to do per case.
    case saveFailed(ManifestError)
    /// A file asked for with ``OutputRequest/writeFile(path:contents:replacing:)`` was written, or why not (an
    /// existing file refused without `replacing` comes back as `.exists`, so the workbench can ask).
    case fileWritten(path: String)
    case fileWriteFailed(OutputFileError)
    /// A backup key asked for with `K` was written (its pin to add), or could not be.
    case backupKeyFinished(Result<BackupKeyCreated, BackupKeyError>)
    /// The manifest file changed on disk (the backend watches it): the document as read now, or why it could not be
    /// read, with the lint facts gathered for it (``LintEnvironment/gather(for:publicSuffixes:clients:)``; nil keeps the
    /// facts gathered at load). See ``WorkbenchState/diskChanged(_:lint:)``.
    case manifestOnDisk(Result<ManifestDocument, ManifestError>, lint: LintEnvironment? = nil)
    /// The releases file beside the manifest as read now (at the start, and on every change on disk).
    case releasesOnDisk(ReleasesOnDisk)
    /// A forecast asked for with ``Effect/forecast(_:)``.
    case forecastComputed(ForecastOutlook)
    /// The CT watch's state file beside the manifest as read now (at the start, and on every change on disk: a
    /// round of the workbench's own, or `pinbench watch` in another terminal).
    case watchOnDisk(WatchOnDisk)
    /// The collector's report database as read now (polled).
    case reportsOnDisk(ReportsOnDisk)
    /// The workbench's own CT round could not run, and why (the manifest or releases file unreadable); nil when
    /// the last round ran.
    case watchRoundSkipped(reason: String?)
    /// The recovery files found beside the manifest at the start (unsaved edits of a session that ended without
    /// saving), read by the strict manifest reader.
    case recoveryFound([RecoveryOnDisk])
    /// Something the runtime has to tell the user that changes nothing else: background work that failed (a task
    /// that threw, a recovery file that could not be written), no job control for Ctrl-Z. Shown and kept in the
    /// message log, never fatal.
    case notice(Notice)
    /// The clock moved (days left, expiry warnings are computed from `now`).
    case tick(Date)
}
