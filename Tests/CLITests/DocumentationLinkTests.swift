import Foundation
import TestSupport
import Testing

/// The documentation's relative links lead somewhere: `scripts/check-doc-links.py` over README.md,
/// ARCHITECTURE.md and docs/, and the same script shown to refuse a page with broken links.
@Suite("documentation: every relative link leads to a file and heading that exist")
struct DocumentationLinkTests {
    let script = PythonInterpreter.packageRoot.appendingPathComponent("scripts/check-doc-links.py").path
    let folder = TemporaryFolder()

    @Test("README.md, ARCHITECTURE.md and docs/*.md have no broken relative link")
    func linksResolve() throws {
        let result = try ProcessRunner.run("/usr/bin/env", ["python3", script])
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderrText)")
        #expect(result.stdoutText.contains(", 0 broken links"), "\(result.stdoutText)")
    }

    @Test("a missing file and a missing heading are both reported, with exit 1")
    func brokenLinksAreFound() throws {
        let page = folder.write(
            "page.md", "# Page\n\n## A `code` heading\n\n[fine](#a-code-heading) [gone](#nowhere) [lost](lost.md)\n")
        let result = try ProcessRunner.run("/usr/bin/env", ["python3", script, page])
        #expect(result.status == 1)
        #expect(result.stdoutText.contains("#nowhere: no heading with that anchor"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("lost.md: no such file"), "\(result.stdoutText)")
        #expect(!result.stdoutText.contains("#a-code-heading"), "\(result.stdoutText)")
    }
}
