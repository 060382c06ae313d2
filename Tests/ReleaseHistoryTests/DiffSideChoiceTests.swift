import ReleaseHistory
import Testing

/// `diff`'s explicit sides: each side named once, and only as many positional words as sides left free.
@Suite("Diff side choice")
struct DiffSideChoiceTests {
    func refusal(
        oldFile: String? = nil, oldRevision: String? = nil, newFile: String? = nil, newRevision: String? = nil,
        positional: Int = 0
    ) -> String? {
        do {
            _ = try DiffSide.explicit(
                oldFile: oldFile, oldRevision: oldRevision, newFile: newFile, newRevision: newRevision,
                positional: positional)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("the options name their sides; none named leaves both to the words")
    func chosen() throws {
        let both = try DiffSide.explicit(
            oldFile: nil, oldRevision: "main", newFile: "main", newRevision: nil, positional: 0)
        #expect(both.old == .revision("main"))
        #expect(both.new == .file("main"))
        let none = try DiffSide.explicit(oldFile: nil, oldRevision: nil, newFile: nil, newRevision: nil, positional: 2)
        #expect(none.old == nil && none.new == nil)
    }

    @Test("a side named twice, or more words than free sides, is refused in words")
    func refused() {
        #expect(refusal(oldFile: "a", oldRevision: "b") == "give one of --old-file, --old-rev and --old-release.")
        #expect(refusal(newFile: "a", newRevision: "b") == "give one of --new-file, --new-rev and --new-release.")
        #expect(
            refusal(oldRevision: "main", positional: 2)
                == "each side is given once: the --old-* and --new-* options leave room for 1 positional side."
        )
        #expect(
            refusal(oldRevision: "main", newFile: "x", positional: 1)
                == "each side is given once: the --old-* and --new-* options leave room for 0 positional sides."
        )
        #expect(refusal(oldRevision: "main", positional: 1) == nil)
    }
}
