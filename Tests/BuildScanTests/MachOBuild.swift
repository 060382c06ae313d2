import Foundation
import TestSupport

/// Mach-O files for the scan's tests: objects compiled by the Swift toolchain's `clang -target arm64-apple-ios15.0
/// -c` (the toolchain's `ld64.lld` refuses to link for Apple platforms, so no linked image comes from a linker);
/// linked-image layouts (a header, an `LC_SEGMENT_64` with a `__cstring` section, `LC_LOAD_DYLIB` and
/// `LC_LOAD_WEAK_DYLIB` commands) and universal headers written with Python's `struct` as `<mach-o/loader.h>` and
/// `<mach-o/fat.h>` define them, each read back by `llvm-objdump` as a second opinion.
enum MachOBuild {
    static func tool(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return (paths + ["/opt/swift/usr/bin", "/usr/bin"]).map { $0 + "/" + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static var toolsPresent: Bool { tool("clang") != nil && tool("llvm-objdump") != nil && tool("llvm-nm") != nil }

    /// A C file compiled for `target` as a Mach-O object.
    static func object(_ source: String, target: String = "arm64-apple-ios15.0") throws -> [UInt8] {
        let folder = TemporaryFolder()
        let input = folder.write("pins.c", source)
        let output = folder.path("pins.o")
        _ = try ProcessRunner.run(tool("clang")!, ["-target", target, "-c", input, "-o", output]).checked()
        return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    static let imageScript = """
        import json, struct, sys
        spec = json.loads(sys.argv[1])
        strings = b"".join(s.encode() + b"\\0" for s in spec["strings"])
        def dylib(name, weak):
            text = name.encode() + b"\\0"
            size = (24 + len(text) + 7) // 8 * 8
            # dylib_command: cmd, cmdsize, name offset, timestamp, current and compatibility versions.
            return struct.pack("<6I", 0x80000018 if weak else 0xC, size, 24, 2, 0x10000, 0x10000) \\
                + text.ljust(size - 24, b"\\0")
        dylibs = b"".join(dylib(d["name"], d["weak"]) for d in spec["dylibs"])
        # encryption_info_command_64: cryptoff, cryptsize, cryptid (1: FairPlay), pad.
        if spec["encrypted"]:
            dylibs += struct.pack("<6I", 0x2C, 24, 0, 64, 1, 0)
        commands = 1 + len(spec["dylibs"]) + (1 if spec["encrypted"] else 0)
        commands_size = 72 + 80 + len(dylibs)
        data = (32 + commands_size + 15) // 16 * 16
        # mach_header_64: magic, cputype arm64, subtype, filetype, ncmds, sizeofcmds, flags, reserved.
        header = struct.pack("<8I", 0xFEEDFACF, 0x0100000C, 0, spec["filetype"], commands, commands_size, 0, 0)
        # segment_command_64 __TEXT from file offset 0, then its one section_64 __cstring.
        segment = struct.pack("<2I16s4Q2i2I", 0x19, 72 + 80, b"__TEXT", 0x100000000, 0x4000, 0,
                              data + len(strings), 5, 5, 1, 0)
        section = struct.pack("<16s16s2Q8I", b"__cstring", b"__TEXT", 0x100000000 + data, len(strings), data,
                              0, 0, 0, 2, 0, 0, 0)
        sys.stdout.buffer.write((header + segment + section + dylibs).ljust(data, b"\\0") + strings)
        """

    /// A linked-image layout (`filetype` 2 executable, 6 dylib) holding `strings` in `__TEXT,__cstring` and
    /// loading `dylibs`; `encrypted` adds an `LC_ENCRYPTION_INFO_64` with `cryptid` 1 over its first 64 bytes.
    static func image(
        strings: [String], dylibs: [(name: String, weak: Bool)] = [], filetype: Int = 2, encrypted: Bool = false
    ) throws -> [UInt8] {
        let spec: [String: Any] = [
            "strings": strings, "dylibs": dylibs.map { ["name": $0.name, "weak": $0.weak] }, "filetype": filetype,
            "encrypted": encrypted,
        ]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let result = try ProcessRunner.run(
            PythonInterpreter.path, PythonInterpreter.arguments + ["-c", imageScript, json]
        ).checked()
        return Array(result.stdout)
    }

    static let universalScript = """
        import struct, sys
        slices = [open(path, "rb").read() for path in sys.argv[2:]]
        align = 1 << 14
        offset = align
        records, body = b"", b""
        for data in slices:
            cputype, subtype = struct.unpack_from("<iI", data, 4)
            # fat_arch, big-endian: cputype, cpusubtype, offset, size, align (as a power of two).
            records += struct.pack(">iIIII", cputype, subtype, offset, len(data), 14)
            padded = data.ljust((len(data) + align - 1) // align * align, b"\\0")
            body += padded
            offset += len(padded)
        header = struct.pack(">II", 0xCAFEBABE, len(slices)) + records
        open(sys.argv[1], "wb").write(header.ljust(align, b"\\0") + body)
        """

    /// A universal file of `slices`, each at a 16 KiB boundary as `lipo` places arm64 slices.
    static func universal(_ slices: [[UInt8]]) throws -> [UInt8] {
        let folder = TemporaryFolder()
        let paths = slices.enumerated().map { folder.write("slice\($0.offset)", Data($0.element)) }
        let output = folder.path("universal")
        _ = try ProcessRunner.run(
            PythonInterpreter.path, PythonInterpreter.arguments + ["-c", universalScript, output] + paths
        ).checked()
        return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// `llvm-objdump --macho` run on `bytes` with `arguments`: its output, the second opinion.
    static func objdump(_ bytes: [UInt8], _ arguments: [String]) throws -> String {
        let folder = TemporaryFolder()
        let path = folder.write("file", Data(bytes))
        return try ProcessRunner.run(tool("llvm-objdump")!, ["--macho"] + arguments + [path]).checked().stdoutText
    }

    static func nm(_ bytes: [UInt8]) throws -> String {
        let folder = TemporaryFolder()
        let path = folder.write("file", Data(bytes))
        return try ProcessRunner.run(tool("llvm-nm")!, ["--arch=all", path]).checked().stdoutText
    }
}
