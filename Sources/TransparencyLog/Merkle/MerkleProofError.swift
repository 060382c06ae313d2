/// Why a Merkle proof did not prove what a log claimed. Each case is a way a misbehaving (or tampered-with) log
/// shows; a watcher reports it and never moves its saved position on it.
public enum MerkleProofError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sizes cannot describe a proof: an index past the tree, a tree that shrank.
    case impossibleSizes(String)
    /// The proof has more or fewer hashes than the sizes call for.
    case wrongLength(expected: Int, got: Int)
    /// The hashes recomputed from the proof are not the roots the log signed.
    case rootMismatch(String)

    public var description: String {
        switch self {
        case .impossibleSizes(let why): return why
        case .wrongLength(let expected, let got): return "the proof has \(got) hashes where \(expected) are needed"
        case .rootMismatch(let which): return "the proof does not lead to \(which)"
        }
    }
}
