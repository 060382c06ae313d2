import ManifestLint
import PinningCore

/// Recovery at the start: the runtime reads the recovery files beside the manifest (``RecoveryOnDisk``) and this
/// offers each that differs from the manifest on disk, one at a time. Recovering makes its edits this session's
/// unsaved edits (undoable, written only with `w`); discarding removes the file; keeping leaves it for a later
/// start. A file that cannot be used is named with its reason and never used.
extension WorkbenchState {
    mutating func receiveRecoveries(_ found: [RecoveryOnDisk]) -> [Effect] {
        var effects: [Effect] = []
        for file in found {
            switch file {
            case .unusable(let path, let reason):
                chrome.message = StatusMessage(
                    ("the recovery file \(path) cannot be used: \(reason); it was not used and is left as it is "
                        + "(look at it, then remove it)").terminalSafe,
                    isError: true)
            case .found(let path, let recovered):
                if recovered.canonicallyOrdered == editing.savedManifest {
                    chrome.message = StatusMessage(
                        "removed the recovery file \(path): it held no edit the manifest lacks".terminalSafe)
                    effects.append(.recovery(.discard(path: path)))
                } else {
                    pendingRecoveries.append(RecoveryOffer(path: path, recovered: recovered, onDisk: manifest))
                }
            }
        }
        offerNextRecovery()
        return effects
    }

    /// Opens the next recovery offer, if any (over whatever was open: the offer comes first).
    private mutating func offerNextRecovery() {
        guard !pendingRecoveries.isEmpty else { return }
        overlay = .recovery(pendingRecoveries.removeFirst())
    }

    mutating func handleRecoveryCommand(_ command: Command, _ current: RecoveryOffer) -> [Effect] {
        var offer = current
        let choice = offer.update(command, page: pageSize)
        overlay = .recovery(offer)
        guard let choice else { return [] }
        overlay = nil
        let name = offer.path.terminalSafe
        var effects: [Effect]
        switch choice {
        case .recover:
            let before = manifest
            commitEdit(offer.recovered, undo: "recover unsaved edits", previous: before, host: nil)
            chrome.message = StatusMessage(
                "recovered the unsaved edits from \(name) (\(offer.summary)); w writes them, z undoes")
            effects = [.recovery(.adopt(path: offer.path))]
            effects += ManifestDiff(from: before, to: manifest).domains.flatMap { revalidate($0.host) }
        case .discard:
            chrome.message = StatusMessage("discarded the unsaved edits in \(name); the file is removed")
            effects = [.recovery(.discard(path: offer.path))]
        case .keepForLater:
            chrome.message = StatusMessage(
                "kept \(name) for later: it is offered again at the next start; this session keeps its own "
                    + "unsaved edits in another recovery file")
            effects = [.recovery(.keep(path: offer.path))]
        }
        offerNextRecovery()
        return effects
    }
}
