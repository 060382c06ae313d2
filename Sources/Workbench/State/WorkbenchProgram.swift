import PinningCore

/// The workbench as an Elm-style program: a pure `update` from state and message to new state and effects, and a
/// pure `view` from state to a frame. A backend feeds messages in, runs the effects, and draws the frames.
public enum WorkbenchProgram {
    /// The state after `message`, and the work to do for it.
    public static func update(_ state: WorkbenchState, _ message: WorkbenchMessage) -> (WorkbenchState, [Effect]) {
        var next = state
        let effects = next.apply(message)
        return (next, effects)
    }

    /// The screen for `state` at `state.chrome.size`.
    public static func view(_ state: WorkbenchState) -> Frame {
        WorkbenchView.render(state)
    }
}

/// The message dispatch: each message goes to the part of the update that handles it; then the selection is kept
/// in range and on screen, and an open Forecast view asks for what it lacks.
extension WorkbenchUpdate {
    mutating func receive(_ incoming: WorkbenchMessage) -> [Effect] {
        let effects: [Effect]
        switch incoming {
        case .key(let key):
            effects = handleKey(key)
        case .resize(let newSize):
            resize(to: newSize)
            effects = []
        case .mouse(let event):
            effects = handleMouse(event)
        case .fetchStarted(let host):
            markFetching(normalized(host))
            effects = []
        case .fetchCompleted(let host, let result):
            effects = completeFetch(normalized(host), result)
        case .validated(let host, let verdict, let generation):
            recordVerdict(verdict, host: normalized(host), generation: generation)
            effects = []
        case .saved(let saved):
            let quitAfter = markSaved(saved)
            say(.saved(path: saved.url.path))
            effects = quitAfter ? [.quit] : []
        case .saveFailed(let error):
            say(.saveFailed(error))
            saveFailed()
            effects = []
            if error.code == .changedOnDisk { offerDiskVersion() }
        case .fileWritten(let path):
            effects = fileWriteFinished(path: path, error: nil)
        case .fileWriteFailed(let error):
            effects = fileWriteFinished(path: error.path, error: error)
        case .backupKeyFinished(let result):
            effects = finishBackupKey(result)
        case .manifestOnDisk(let result, let lint):
            effects = diskChanged(result, lint: lint)
        case .releasesOnDisk(let releases):
            receiveReleases(releases)
            effects = []
        case .forecastComputed(let outlook):
            storeForecast(outlook)
            effects = []
        case .watchOnDisk(let file):
            receiveWatch(file)
            effects = []
        case .reportsOnDisk(let disk):
            receiveReports(disk)
            effects = []
        case .watchRoundSkipped(let reason):
            // The status bar says a round was skipped; the message log keeps why, once per new reason.
            if roundSkipped(reason), let reason { log(.ctRoundSkipped(reason: reason)) }
            effects = []
        case .recoveryFound(let found):
            effects = receiveRecoveries(found)
        case .notice(let notice):
            say(notice)
            effects = []
        case .tick(let date):
            setClock(date)
            effects = []
        }
        clampSelection()
        reconcileViewports()
        return effects + requestForecastIfNeeded()
    }

    func normalized(_ host: String) -> String {
        DomainPolicy(host: host).normalizedHost
    }
}
