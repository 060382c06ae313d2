import Workbench

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Terminal {
    /// Puts `text` on the clipboard of the terminal the user sits at, with OSC 52 written straight to it after
    /// curses has drawn (the sequence moves no cursor and prints nothing). Text over
    /// ``OutputRequest/clipboardLimit`` is not sent; the terminal never says whether it allowed it.
    public func copyToClipboard(_ text: String) {
        guard let sequence = OSC52.sequence(text) else { return }
        Self.writeAll(sequence, to: STDOUT_FILENO)
    }

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
