import Foundation
import ManifestEditing
import PinningCore

/// What the `K` form asks the backend to do: generate a key for `host` and write it into `folder`.
public struct BackupKeyRequest: Hashable, Sendable {
    public let host: HostName
    public let algorithm: BackupKeyAlgorithm
    /// As typed: the backend expands `~` and resolves a relative path against its working folder.
    public let folder: String

    public init(host: HostName, algorithm: BackupKeyAlgorithm, folder: String) {
        self.host = host
        self.algorithm = algorithm
        self.folder = folder
    }
}

/// A backup key written to disk, and the pin to add for it.
public struct BackupKeyCreated: Hashable, Sendable {
    public let host: String
    public let pin: Pin
    public let keyFile: URL

    public init(host: String, pin: Pin, keyFile: URL) {
        self.host = host
        self.pin = pin
        self.keyFile = keyFile
    }
}

/// The `K` form's flow: open it for the selected domain, pass it keys, run generation as an effect, and add the
/// pin as an undoable edit when the key is on disk.
extension WorkbenchUpdate {
    mutating func openBackupKeyForm() {
        guard let domain = selectedDomainPolicy else {
            say(.noDomainSelected)
            return
        }
        overlay = .backupKeyForm(BackupKeyForm(host: domain.host))
    }

    mutating func handleBackupKeyFormKey(_ key: Key, _ current: BackupKeyForm) -> [Effect] {
        var form = current
        switch form.update(key, command: keyMap.command(for: key, in: [.backupKeyForm])) {
        case .stay:
            overlay = .backupKeyForm(form)
            return []
        case .cancel:
            overlay = nil
            if form.isGenerating {
                say(.backupKeyStillGenerating)
            }
            return []
        case .submit(let algorithm, let folder):
            guard let host = try? HostName(form.host) else {
                overlay = nil
                say(.backupKeyHostRefused(form.host))
                return []
            }
            overlay = .backupKeyForm(form)
            return [.generateBackupKey(BackupKeyRequest(host: host, algorithm: algorithm, folder: folder))]
        }
    }

    mutating func finishBackupKey(_ result: Result<BackupKeyCreated, BackupKeyError>) -> [Effect] {
        switch result {
        case .failure(let error):
            if case .backupKeyForm(var form) = overlay {
                form.isGenerating = false
                form.problem = error.description.terminalSafe
                overlay = .backupKeyForm(form)
            } else {
                say(.backupKeyFailed(error))
            }
            return []
        case .success(let created):
            if case .backupKeyForm = overlay { overlay = nil }
            var edited = manifest
            let outcome = ManifestEditor.addPin(created.pin, host: created.host, to: &edited)
            guard outcome.didChange else {
                say(.edited(outcome))
                return []
            }
            commitEdit(edited, undo: outcome.description.terminalSafe, previous: manifest, host: created.host)
            say(.backupKeyPinned(outcome, keyFile: created.keyFile))
            return revalidate(DomainPolicy(host: created.host).normalizedHost)
        }
    }
}
