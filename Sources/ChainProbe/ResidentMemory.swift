#if canImport(Glibc)
    import CSystemCalls
    import Glibc
#endif

/// The process's resident memory, kept to what it uses: `pinbench` caps the arenas before a batch of probe threads
/// starts, and hands freed pages back after decoding a large manifest.
public enum ResidentMemory {
    /// Hands free heap pages back to the system. Decoding a large manifest leaves megabytes of freed memory between
    /// the values it built, and glibc keeps those pages resident until asked (about 4 MB with 10,000 domains).
    public static func releaseFreePages() {
        #if canImport(Glibc)
            _ = malloc_trim(0)
        #endif
    }

    /// Caps glibc's malloc arenas at two per core before any other thread starts. A limit set in the environment
    /// (`MALLOC_ARENA_MAX`, or `arena_max` in `GLIBC_TUNABLES`) is left as it is.
    ///
    /// glibc gives each new thread that allocates an arena of its own until there are eight per core; only then do
    /// threads share. `check` runs up to 32 probe threads, and the arenas they made stayed partly used and resident.
    /// On 2 cores, a 500-host `check` with 4 arenas instead of 16 peaked 1.8 MiB lower for the same time (0.440 s
    /// against 0.435 s, 12 interleaved runs); with 2 arenas it saved no more and cost 4 % more CPU in one series.
    public static func limitMallocArenas() {
        #if canImport(Glibc)
            let tunables = getenv("GLIBC_TUNABLES").map { String(cString: $0) } ?? ""
            guard getenv("MALLOC_ARENA_MAX") == nil, !tunables.contains("arena_max") else { return }
            let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
            _ = mallopt(M_ARENA_MAX, Int32(clamping: 2 * min(cores, 1 << 20)))
        #endif
    }
}
