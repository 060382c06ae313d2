#if canImport(Glibc)
    import CSystemCalls
    import Glibc
#endif

/// The process's resident memory, kept to what it uses.
enum ResidentMemory {
    /// Hands free heap pages back to the system. Decoding a large manifest leaves megabytes of freed memory between
    /// the values it built, and glibc keeps those pages resident until asked (about 4 MB with 10,000 domains).
    static func releaseFreePages() {
        #if canImport(Glibc)
            _ = malloc_trim(0)
        #endif
    }

    /// Caps glibc's malloc arenas at one per core, and at least two, before any other thread starts. A limit set in
    /// the environment (`MALLOC_ARENA_MAX`, or `arena_max` in `GLIBC_TUNABLES`) is left as it is.
    ///
    /// glibc gives a thread that allocates while another holds the lock an arena of its own, up to eight per core.
    /// `check` runs up to 32 probe threads, and each arena they made stayed partly used and resident: about 2 MB at
    /// 500 hosts. No more threads than cores run at once, so the extra arenas bought no speed; with the cap, wall
    /// and CPU time of that `check` were unchanged (BENCHMARKS.md).
    static func limitMallocArenas() {
        #if canImport(Glibc)
            let tunables = getenv("GLIBC_TUNABLES").map { String(cString: $0) } ?? ""
            guard getenv("MALLOC_ARENA_MAX") == nil, !tunables.contains("arena_max") else { return }
            let cores = Int32(clamping: sysconf(Int32(_SC_NPROCESSORS_ONLN)))
            _ = mallopt(M_ARENA_MAX, max(2, cores))
        #endif
    }
}
