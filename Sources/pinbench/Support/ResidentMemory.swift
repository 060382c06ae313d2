#if canImport(Glibc)
    import CSystemCalls
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
}
