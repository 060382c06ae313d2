import ChainProbe
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `ResidentMemory` against the process's real resident set (`/proc/self/statm`), on glibc's real allocator.
@Suite("resident memory")
struct ResidentMemoryTests {
    /// Resident pages of this process, in bytes.
    static func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let fields = statm.split(separator: " ")
        return try #require(Int(fields[1])) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test("freed heap pages held below a live block are handed back to the system")
    func freedPagesGoBack() throws {
        #if canImport(Glibc)
            // 20,000 blocks of 4 KiB, touched, then one block above them that stays: glibc cannot trim a heap whose
            // top is in use, so the 80 MB freed below it stay resident until malloc_trim hands the pages back.
            let blocks = (0..<20_000).map { _ -> UnsafeMutableRawPointer in
                let block = malloc(4096)!
                memset(block, 0x5A, 4096)
                return block
            }
            let keeper = malloc(4096)!
            memset(keeper, 1, 4096)
            defer { free(keeper) }
            for block in blocks { free(block) }
            let before = try Self.residentBytes()
            ResidentMemory.releaseFreePages()
            let after = try Self.residentBytes()
            #expect(before - after > 40 << 20, "resident \(before >> 20) MiB before, \(after >> 20) MiB after")
        #else
            Issue.record("malloc_trim is glibc's; this platform has no pages to hand back this way")
        #endif
    }
}
