/// The bounds every scan keeps. A build is hostile input: each loop and each allocation driven by its bytes stops
/// at one of these, with a ``ScanError`` of kind `limit` naming the entry.
public struct ScanLimits: Sendable, Equatable {
    /// Entries in the central directory (a ZIP without ZIP64 holds at most 65,535).
    public var entries = 65_535
    /// Bytes one entry may inflate to when read (a DEX file of 64 MiB is far past any real one: the format's
    /// 65,536-method references keep them near 10 MiB).
    public var entryBytes = 64 << 20
    /// Bytes one Mach-O (an app's, an extension's or a framework's executable) may be: large apps ship executables
    /// past 100 MiB. Read whole (its pin strings lie anywhere), so this is also the largest buffer a scan holds.
    public var executableBytes = 256 << 20
    /// Bytes all the entries read by one scan may inflate to, together.
    public var totalBytes = 1 << 30
    /// Inflated bytes per compressed byte, for an entry past 1 MiB. Deflate reaches about 1,032 on zeros; the
    /// entries a scan reads (DEX, binary XML, certificates) compress about 3 to 10 times.
    public var compressionRatio = 100
    /// Characters of an entry's name, and its path components.
    public var nameLength = 1_024
    public var nameDepth = 32
    /// Strings of one binary XML or resource string pool, and elements of one binary XML tree and their nesting.
    public var poolStrings = 1 << 20
    public var xmlNodes = 200_000
    public var xmlDepth = 64
    /// Entries of the DEX string table read in one DEX file.
    public var dexStrings = 4 << 20
    /// Code units of one DEX method walked for const-string instructions, and methods per DEX.
    public var dexCodeItems = 1 << 20
    /// Architectures of one universal (fat) Mach-O (real ones hold two to four), and load commands of one
    /// architecture (real apps have a few hundred at most).
    public var machOArchitectures = 16
    public var machOLoadCommands = 8_192
    /// Findings one artifact may give (the rest are counted in a note).
    public var findings = 10_000

    public init() {}
}
