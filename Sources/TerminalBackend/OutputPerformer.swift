import Foundation
import PinningCore
import Workbench

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Performs the workbench's ``OutputRequest``s: OSC 52 to the terminal, files through the core's atomic writer.
enum OutputPerformer {
    /// Does `request`; returns the message that answers it, if it has one. A file is never written over one of
    /// `inputs`, the files the workbench reads (``OutputTarget``).
    static func perform(
        _ request: OutputRequest, inputs: [InputFile] = [], terminalDescriptor: Int32 = STDOUT_FILENO
    ) -> WorkbenchMessage? {
        switch request {
        case .clipboard(let text):
            if let sequence = OSC52.sequence(text) { writeAll(sequence, to: terminalDescriptor) }
            return nil
        case .writeFile(let path, let contents, let replacing, let companions):
            let expanded = (path as NSString).expandingTildeInPath
            do {
                try ExportFileWriter.write(
                    contents, companions: companions, to: expanded, replacing: replacing, inputs: inputs)
                return .fileWritten(path: path)
            } catch {
                return .fileWriteFailed(OutputFileError(error.code, path: path, reason: error.reason))
            }
        }
    }

    /// Written straight to the terminal, after curses has drawn (the sequence moves no cursor and prints nothing).
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// The OSC 52 "set clipboard" sequence: `ESC ] 52 ; c ; BASE64 BEL`. Base64 carries any text safely: no byte of
/// it can end the sequence or start another.
public enum OSC52 {
    /// The sequence for `text`, or nil when it is longer than ``OutputRequest/clipboardLimit``.
    public static func sequence(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard bytes.count <= OutputRequest.clipboardLimit else { return nil }
        return Array("\u{1B}]52;c;".utf8) + Array(Data(bytes).base64EncodedString().utf8) + [0x07]
    }
}
