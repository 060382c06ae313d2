import Foundation
import ManifestEditing
import PinningCore

/// Every notice's words and level. This is the status text's output boundary: whatever a notice carries (hosts,
/// paths, reasons, errors) reaches the terminal escaped (``TerminalSafeText``; escaping twice changes nothing).
extension Notice {
    /// The status line for this notice.
    public var message: StatusMessage {
        var message = words
        message.text = message.text.terminalSafe
        return message
    }

    private var words: StatusMessage {
        switch self {
        case .noDomainSelected: return StatusMessage("no domain selected; a adds one")
        case .noChainYet(let host): return StatusMessage("no chain for \(host.terminalSafe) yet: r fetches it")
        case .noDomainFor(let view): return StatusMessage(Self.noDomain(for: view))
        case .theme(let name): return StatusMessage("theme: \(name)")
        case .nothingToCopyFromPins: return error("nothing to copy: the domain has no pins")
        case .nothingToCopy: return error("nothing to copy: select a certificate in the Chain pane first")
        case .clipboardTooLong: return error("too long for the terminal's clipboard: copy it from the dialog")
        case .noSearch: return StatusMessage("no search: / searches the Certificate pane")
        case .noMatch(let query): return StatusMessage("no match for \"\(query.terminalSafe)\" in the Certificate pane")
        case .match(let index, let count, let query):
            return StatusMessage("match \(index + 1) of \(count) for \"\(query.terminalSafe)\": n next, N previous")
        case .ctRoundSkipped(let reason):
            return StatusMessage("CT round skipped: \(reason)".terminalSafe, level: .warning)
        case .backgroundFailed(let what, let error):
            return self.error("background work failed (\(what)): \(error); the workbench goes on".terminalSafe)
        case .noJobControl: return StatusMessage("no job control here (the shell ignores Ctrl-Z); q quits")
        case .reportChainShown(let id):
            return StatusMessage(
                "the panes show report #\(id)'s chain (as the device sent it, not judged here): V then l for the live "
                    + "one; pinning is off meanwhile", level: .warning)
        case .reportHasNoChain(let id): return StatusMessage("report #\(id) carries no readable chain")
        case .liveChainShown: return StatusMessage("the panes show the live chain again")
        case .reportChainNotPinnable:
            return error("a report's chain is shown (the sender's, not the server's): V then l for the live one")

        case .edited(let outcome): return StatusMessage(outcome.description.terminalSafe)
        case .pinned(let outcome, let level?):
            return StatusMessage(
                outcome.description.terminalSafe + " (warning: level \(level) is not in the verified path, "
                    + "so this pin cannot match until it is)", level: .warning)
        case .pinned(let outcome, nil): return StatusMessage(outcome.description.terminalSafe)
        case .levelPinEdited(let outcome, let type, let level, let otherPinUnchanged):
            // The outcome first (it names the pin), then which type it was: the status line is read from the left.
            let word = type == .spkiSHA256 ? "key" : "certificate"
            var which = " (the \(word) pin of level \(level)"
            if otherPinUnchanged {
                which += "; its \(type == .spkiSHA256 ? "certificate" : "key") pin is unchanged: 4 lists every pin"
            }
            return StatusMessage(outcome.description.terminalSafe + which + ")")
        case .nothingToToggle(let level):
            return StatusMessage("level \(level) is not pinned; p pins its key, P the certificate")
        case .nothingToUnpin(let level): return StatusMessage("level \(level) is not pinned; nothing changed")
        case .domainRefused(let error): return self.error(error.description)
        case .noteRefused(let problem): return error("note not set: it " + problem)
        case .pinsPaneHint(let text): return StatusMessage(text)
        case .nothingToUndo: return StatusMessage("nothing to undo")
        case .nothingToRedo: return StatusMessage("nothing to redo")
        case .undid(let description): return StatusMessage("undid: \(description.terminalSafe)")
        case .redid(let description): return StatusMessage("redid: \(description.terminalSafe)")
        case .settingsUnchanged(let host): return StatusMessage("settings of \(host.terminalSafe) unchanged")
        case .backupKeyStillGenerating:
            return StatusMessage("the key is still being generated; its pin is added when it is written")
        case .backupKeyHostRefused(let host): return error("\(host.terminalSafe) is not a host name; no key made")
        case .backupKeyFailed(let failure): return error("backup key not made: " + failure.description.terminalSafe)
        case .backupKeyPinned(let outcome, let keyFile):
            let text = outcome.description + "; key in " + keyFile.path + " (w writes the manifest)"
            return StatusMessage(text.terminalSafe)
        // The rule for the status bar after `w` and `m`: nothing to write, while the write runs, once it is done,
        // and when it was refused (the save's own failure: ``explain(_:)``).
        case .noChanges: return StatusMessage("no changes")
        case .writeCancelled: return StatusMessage("not written")
        case .lintRefused(let errors):
            return error("lint found \(counted(errors, "error")): press ! to write anyway, Esc to go back")
        case .writing(let path): return StatusMessage("writing \(path)…")
        case .saved(let path): return StatusMessage("wrote \(path)")
        case .saveFailed(let failure): return error("not written: " + Self.explain(failure))
        case .diskUnusable(let file, let failure):
            let what =
                failure.code == .notFound
                ? "\(file) is gone from disk (deleted or moved)"
                : "\(file) on disk cannot be used now: \(failure.description)"
            return error(what.terminalSafe + "; not reloaded, the workbench keeps its copy")
        case .reloaded(let file, let summary, let dropped):
            return StatusMessage(
                "reloaded \(file): changed on disk (\(summary))" + (dropped ? "; your edits were dropped" : ""))
        case .reapplied(let file):
            return StatusMessage("re-applied your edits onto \(file) as changed on disk; w writes both")
        case .reappliedExcept(let file, let conflicts):
            let list = conflicts.joined(separator: "; ")
            return error(
                "re-applied your edits onto \(file) as changed on disk, except \(conflicts.count) the disk changed "
                    + "too (kept the disk's): \(list.terminalSafe)")
        case .keptEdits(let file):
            return StatusMessage(
                "kept your edits; \(file) changed on disk, so w refuses until you reload (r) or re-apply (a) "
                    + "in the dialog it opens")
        case .recoveryUnusable(let path, let reason):
            return error(
                ("the recovery file \(path) cannot be used: \(reason); it was not used and is left as it is "
                    + "(look at it, then remove it)").terminalSafe)
        case .recoveryRedundant(let path):
            return StatusMessage("removed the recovery file \(path): it held no edit the manifest lacks".terminalSafe)
        case .recovered(let path, let summary):
            return StatusMessage(
                "recovered the unsaved edits from \(path.terminalSafe) (\(summary)); w writes them, z undoes")
        case .recoveryDiscarded(let path):
            return StatusMessage("discarded the unsaved edits in \(path.terminalSafe); the file is removed")
        case .recoveryKept(let path):
            return StatusMessage(
                "kept \(path.terminalSafe) for later: it is offered again at the next start; this session keeps its "
                    + "own unsaved edits in another recovery file")
        case .recoveryFileProblem(let problem): return error(problem.terminalSafe)
        case .nothingToSavePEM: return error("nothing to save: fetch the domain and select a certificate first")
        case .pemSaved(let count, let path):
            return StatusMessage("saved \(counted(count, "certificate")) as PEM to \(path)")
        case .exported(let format, let path, let unsaved, let warnings):
            let edited = unsaved ? " (the edited manifest, unsaved changes included)" : ""
            guard let first = warnings.first else {
                return StatusMessage("exported \(format.rawValue) to \(path)\(edited)")
            }
            return StatusMessage(
                "exported \(format.rawValue) to \(path)\(edited); \(counted(warnings.count, "warning")), "
                    + "e.g. \(first) (pinbench export \(format.rawValue) lists them all)")
        case .exportRefused(let format, let first, let more):
            let others = more > 0 ? " (and \(more) more)" : ""
            return error(
                "not written: the client would refuse this \(format.displayName) configuration: \(first)"
                    + "\(others); fix the manifest, or write it anyway with pinbench export \(format.rawValue) "
                    + "--output FILE --allow-invalid")
        case .fileWritten(let path): return StatusMessage("wrote \(path)")
        case .fileNotWritten(let failure): return error("not written: \(failure.reason)")
        }
    }

    private func error(_ text: String) -> StatusMessage {
        StatusMessage(text, isError: true)
    }

    private static func noDomain(for view: DomainView) -> String {
        switch view {
        case .forecast: return "no domain to forecast: add one with a"
        case .transparency: return "no domain to show CT findings for: add one with a"
        case .clients: return "no domain to judge as the clients would: add one with a"
        case .reports: return "no domain to show field reports for: add one with a"
        }
    }

    /// What the status line says when a write was refused or failed.
    ///
    /// A manifest changed on disk since it was loaded is never overwritten, and the workbench does not merge the
    /// other edit in either: the write gate showed the user a diff and lint findings for this session's manifest,
    /// and a merge would write one they never reviewed. Their edits stay in the session (unsaved, `m` shows them);
    /// to combine the two, they quit, reopen (which loads the other edit) and redo theirs.
    static func explain(_ failure: ManifestError) -> String {
        let name = failure.path.split(separator: "/").last.map(String.init) ?? failure.path
        switch failure.code {
        case .changedOnDisk:
            return "\(name) changed on disk since it was loaded (another edit); your edits are kept (m shows them). "
                + "To combine: quit, reopen, redo them."
        case .locked:
            return "another program is writing \(name) (its lock is held); press w to try again in a moment"
        default:
            return failure.description
        }
    }
}
