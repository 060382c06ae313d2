import Foundation

/// The addresses on which the kernel lists this process's listening TCP sockets for a port, from /proc/net/tcp and
/// /proc/net/tcp6: what a server really bound, whatever it says.
enum ListeningSockets {
    /// "127.0.0.1", "0.0.0.0", "::1", "::", ... for every socket of this process in the LISTEN state on `port`.
    static func local(port: UInt16) throws -> [String] {
        try listening(port: port, among: socketDescriptors()).map(\.address)
    }

    /// The descriptors of this process that hold a socket in the LISTEN state on `port`.
    static func descriptors(port: UInt16) throws -> [Int32] {
        try listening(port: port, among: socketDescriptors()).map(\.descriptor)
    }

    private static func listening(
        port: UInt16, among descriptors: [String: Int32]
    ) throws -> [(address: String, descriptor: Int32)] {
        let portHex = String(format: "%04X", port)
        var found: [(address: String, descriptor: Int32)] = []
        for (file, family) in [("/proc/net/tcp", AF_INET), ("/proc/net/tcp6", AF_INET6)] {
            let table = try String(contentsOfFile: file, encoding: .utf8)
            for line in table.split(separator: "\n").dropFirst() {
                // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode; st 0A is LISTEN.
                let columns = line.split(separator: " ")
                guard columns.count > 9, columns[3] == "0A", let descriptor = descriptors[String(columns[9])] else {
                    continue
                }
                let local = columns[1].split(separator: ":")
                guard local.count == 2, local[1] == portHex else { continue }
                found.append((text(kernelHex: String(local[0]), family: family), descriptor))
            }
        }
        return found
    }

    /// A descriptor of this process for each socket inode it holds (descriptors link to "socket:[INODE]").
    private static func socketDescriptors() throws -> [String: Int32] {
        var descriptors: [String: Int32] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            guard let descriptor = Int32(name),
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                target.hasPrefix("socket:[")
            else { continue }
            descriptors[String(target.dropFirst(8).dropLast())] = descriptor
        }
        return descriptors
    }

    /// The kernel prints an address as the hex of 32-bit words in host (little-endian) byte order.
    private static func text(kernelHex: String, family: Int32) -> String {
        var bytes: [UInt8] = []
        var index = kernelHex.startIndex
        while kernelHex.distance(from: index, to: kernelHex.endIndex) >= 8 {
            let next = kernelHex.index(index, offsetBy: 8)
            let word = UInt32(kernelHex[index..<next], radix: 16) ?? 0
            bytes += withUnsafeBytes(of: word.littleEndian) { Array($0) }
            index = next
        }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        _ = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
