import Foundation
import PinningCore

extension BackupKey {
    /// The manifest pin for this key: a backup at position leaf (the key is meant for the host's own certificate),
    /// with a note saying where the private key and the CSR are, for whoever rotates to it.
    public func pin(keyFile: URL, requestFile: URL, added: Date) -> Pin {
        Pin(
            type: .spkiSHA256,
            value: spkiPin,
            role: .backup,
            position: .leaf,
            label: "backup key, \(algorithm.displayName), CN=\(host.text) (no certificate yet)",
            added: added,
            note: "private key: \(keyFile.path); CSR: \(requestFile.path). Keep the key offline; "
                + "have the CSR signed when rotating to it."
        )
    }
}
