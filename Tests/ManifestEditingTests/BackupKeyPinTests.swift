import Foundation
import ManifestEditing
import PinningCore
import Testing

/// A backup key as data, no file written: its pin for the manifest (the files and openssl's view of them are
/// ManifestFilesTests' BackupKeyTests).
@Suite("Backup key pins")
struct BackupKeyPinTests {
    @Test("the pin is a backup at position leaf with a note naming both files")
    func pin() throws {
        let key = try BackupKey.generate(for: try HostName("a.test"), algorithm: .p384)
        let pin = key.pin(
            keyFile: URL(fileURLWithPath: "/keys/a.key.pem"), requestFile: URL(fileURLWithPath: "/keys/a.csr.pem"),
            added: Date())
        #expect(pin.role == .backup && pin.position == .leaf && pin.type == .spkiSHA256 && pin.hasWellFormedValue)
        #expect(pin.value == key.spkiPin)
        #expect(pin.note?.contains("/keys/a.key.pem") == true && pin.note?.contains("/keys/a.csr.pem") == true)
        // Two keys are two different pins.
        #expect(try BackupKey.generate(for: try HostName("a.test"), algorithm: .p384).spkiPin != key.spkiPin)
    }
}
