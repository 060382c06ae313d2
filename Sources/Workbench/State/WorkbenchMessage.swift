import Foundation
import PinningCore

/// Everything that can happen to the workbench: keys and resizes from the terminal, results of effects, time.
public enum WorkbenchMessage: Sendable {
    case key(Key)
    case resize(Size)
    case fetchStarted(host: String)
    case fetchCompleted(host: String, result: Result<FetchedChain, FetchFailure>)
    case validated(host: String, verdict: VerdictSummary, generation: Int)
    case saved(ManifestDocument)
    /// The write was refused or failed; nothing was written. Typed, so the workbench can say what to do per case.
    case saveFailed(ManifestError)
    /// The manifest file changed on disk (the backend watches it): the document as read now, or why it could not be
    /// read. See ``WorkbenchState/diskChanged(_:)``.
    case manifestOnDisk(Result<ManifestDocument, ManifestError>)
    /// The clock moved (days left, expiry warnings are computed from `now`).
    case tick(Date)
}
