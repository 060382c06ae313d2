import ManifestLint
import PinningCore

/// Recovery at the start: the runtime reads the recovery files beside the manifest (``RecoveryOnDisk``) and this
/// offers each that differs from the manifest on disk, one at a time. Recovering makes its edits this session's
/// unsaved edits (undoable, written only with `w`); discarding removes the file; keeping leaves it for a later
/// start. A file that cannot be used is named with its reason and never used.
extension WorkbenchUpdate {
    mutating func receiveRecoveries(_ found: [RecoveryOnDisk]) -> [Effect] {
        var effects: [Effect] = []
        for file in found {
            switch file {
            case .unusable(let path, let reason):
                say(.recoveryUnusable(path: path, reason: reason))
            case .found(let path, let recovered):
                if recovered.canonicallyOrdered == editing.savedManifest {
                    say(.recoveryRedundant(path: path))
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
        let action = offer.update(command, page: pageSize)
        overlay = .recovery(offer)
        guard action != .stay else { return [] }
        overlay = nil
        var effects: [Effect]
        switch action {
        case .stay:
            return []
        case .recover:
            let before = manifest
            commitEdit(offer.recovered, undo: "recover unsaved edits", previous: before, host: nil)
            say(.recovered(path: offer.path, summary: offer.summary))
            effects = [.recovery(.adopt(path: offer.path))]
            effects += ManifestDiff(from: before, to: manifest).domains.flatMap { revalidate($0.host) }
        case .discard:
            say(.recoveryDiscarded(path: offer.path))
            effects = [.recovery(.discard(path: offer.path))]
        case .keepForLater:
            say(.recoveryKept(path: offer.path))
            effects = [.recovery(.keep(path: offer.path))]
        }
        offerNextRecovery()
        return effects
    }
}
