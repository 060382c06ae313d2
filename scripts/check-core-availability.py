#!/usr/bin/env python3
"""Fails when PinningCore uses an API newer than the platforms Package.swift declares.

This toolchain has no Apple SDK, so the compiler cannot say that `Mutex` needs iOS 18: this script keeps a table of
the APIs a Swift core could plausibly reach for, each with the first iOS and macOS that has it (as Apple's
documentation states it), and scans the core's sources for them outside comments and string literals.

    scripts/check-core-availability.py [--root DIR] [--sources Sources/PinningCore]

Exit 0 when every use is within the declared platforms, 1 with `file:line: ...` for each use that is not, 2 for bad
input (no Package.swift, no platforms it can read).
"""

import argparse
import os
import re
import sys

DOCS = "https://developer.apple.com/documentation/"

# (what, pattern, (macOS, iOS), where Apple documents the availability). Patterns match code with comments and string
# literals blanked out; `\b` keeps them to whole names.
API_TABLE = [
    ("the Synchronization module", r"^\s*import\s+Synchronization\b", (15, 0), (18, 0), DOCS + "synchronization"),
    ("Synchronization.Mutex", r"\bMutex\s*[<(]", (15, 0), (18, 0), DOCS + "synchronization/mutex"),
    ("Synchronization.Atomic", r"\bAtomic\s*[<(]", (15, 0), (18, 0), DOCS + "synchronization/atomic"),
    ("Regex", r"\bRegex\s*[<(]", (13, 0), (16, 0), DOCS + "swift/regex"),
    ("RegexBuilder", r"^\s*import\s+RegexBuilder\b", (13, 0), (16, 0), DOCS + "regexbuilder"),
    ("an extended regex literal", r"#/", (13, 0), (16, 0), DOCS + "swift/regex"),
    # A bare literal (`/a+b/`) after `=`, `(`, `,`, `:` or `return`: where a division cannot start an expression.
    ("a regex literal", r"(?:[=(,:]|\breturn)\s*/[^/\s*][^/\n]*/(?![/*=])", (13, 0), (16, 0), DOCS + "swift/regex"),
    ("matching a regex (firstMatch, wholeMatch, matches(of:))", r"\.(?:firstMatch|wholeMatch|prefixMatch)\s*\(of:",
     (13, 0), (16, 0), DOCS + "swift/bidirectionalcollection/firstmatch(of:)-3mh8p"),
    ("Duration", r"\bDuration\b", (13, 0), (16, 0), DOCS + "swift/duration"),
    ("ContinuousClock", r"\bContinuousClock\b", (13, 0), (16, 0), DOCS + "swift/continuousclock"),
    ("SuspendingClock", r"\bSuspendingClock\b", (13, 0), (16, 0), DOCS + "swift/suspendingclock"),
    ("the Clock protocol", r"\bany\s+Clock\b|\bsome\s+Clock\b|:\s*Clock\b", (13, 0), (16, 0), DOCS + "swift/clock"),
    ("Task.sleep(for:) / sleep(until:)", r"\bTask\.sleep\s*\((?:for|until):", (13, 0), (16, 0),
     DOCS + "swift/task/sleep(for:tolerance:clock:)"),
    ("URL.appending(path:) / appending(component:)", r"\.appending\s*\((?:path|component|components|queryItems):",
     (13, 0), (16, 0), DOCS + "foundation/url/appending(path:directoryhint:)"),
    ("URL(filePath:)", r"\bURL\s*\(\s*filePath:", (13, 0), (16, 0), DOCS + "foundation/url/init(filepath:directoryhint:relativeto:)"),
    ("URL.path(percentEncoded:)", r"\.path\s*\(\s*percentEncoded:", (13, 0), (16, 0),
     DOCS + "foundation/url/path(percentencoded:)"),
    ("FormatStyle and .formatted()", r"\.formatted\s*\(|\bFormatStyle\b", (12, 0), (15, 0),
     DOCS + "foundation/formatstyle"),
    ("AttributedString", r"\bAttributedString\b", (12, 0), (15, 0), DOCS + "foundation/attributedstring"),
    ("String(localized:)", r"\bString\s*\(\s*localized:", (12, 0), (15, 0), DOCS + "swift/string/init(localized:table:bundle:locale:comment:)"),
    ("Date.now", r"\bDate\.now\b", (12, 0), (15, 0), DOCS + "foundation/date/now"),
    ("async byte sequences (URLSession.bytes, FileHandle.bytes, URL.resourceBytes, .lines)",
     r"\.bytes\s*\((?:from|for):|\.resourceBytes\b|\bFileHandle\b[^\n]*\.bytes\b|\bAsyncLineSequence\b",
     (12, 0), (15, 0), DOCS + "foundation/urlsession/bytes(from:delegate:)"),
    ("URLSession.data(from:) / data(for:) (async)", r"\bawait\b[^\n]*\.data\s*\((?:from|for):", (12, 0), (15, 0),
     DOCS + "foundation/urlsession/data(from:delegate:)"),
    ("withDiscardingTaskGroup", r"\bwith(?:Throwing)?DiscardingTaskGroup\b", (14, 0), (17, 0),
     DOCS + "swift/withdiscardingtaskgroup(returning:isolation:body:)"),
    ("Observation (@Observable)", r"^\s*import\s+Observation\b|@Observable\b", (14, 0), (17, 0),
     DOCS + "observation"),
    ("Foundation.Predicate (#Predicate)", r"#Predicate\b|\bPredicate\s*<", (14, 0), (17, 0),
     DOCS + "foundation/predicate"),
    ("String(validating:as:)", r"\bString\s*\(\s*validating:", (15, 0), (18, 0),
     DOCS + "swift/string/init(validating:as:)-3qfdr"),
    ("InlineArray", r"\bInlineArray\b", (26, 0), (26, 0), DOCS + "swift/inlinearray"),
    ("swift-certificates' Certificate.SerialNumber integer literal", r"\bSerialNumber\s*=\s*\d", (13, 3), (16, 4),
     "swift-certificates Sources/X509/CertificateSerialNumber.swift (@available)"),
]

# What SwiftPM assumes for a platform Package.swift does not name (tools 6.0).
SWIFTPM_DEFAULTS = {"macOS": (10, 13), "iOS": (12, 0)}


def version_text(version):
    return f"{version[0]}.{version[1]}" if version[1] else str(version[0])


def declared_platforms(package_swift):
    """The platforms of `platforms: [...]`, as {name: (major, minor)}; the SwiftPM default for one not named."""
    text = strip_comments_and_strings(package_swift, keep_strings=True)
    found = dict(SWIFTPM_DEFAULTS)
    block = re.search(r"platforms\s*:\s*\[([^\]]*)\]", text)
    if not block:
        return found, False
    for name, version in re.findall(r"\.(macOS|iOS)\s*\(\s*([^)]*)\)", block.group(1)):
        match = re.fullmatch(r'\s*\.v(\d+)(?:_(\d+))?\s*|\s*"(\d+)(?:\.(\d+))?(?:\.\d+)?"\s*', version)
        if not match:
            raise ValueError(f"cannot read the {name} version {version!r}")
        major = match.group(1) or match.group(3)
        minor = match.group(2) or match.group(4) or "0"
        found[name] = (int(major), int(minor))
    return found, True


def strip_comments_and_strings(source, keep_strings=False):
    """The source with comments (and, unless `keep_strings`, string literals' contents) replaced by spaces, so that
    line numbers and columns stay and a doc comment naming `Mutex` is not a use of it."""
    out = []
    i, n = 0, len(source)
    while i < n:
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end == -1 else end
            out.append(" " * (end - i))
            i = end
        elif source.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if source.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif source.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", source[i:j]))
            i = j
        elif source[i] == '"' or (source[i] == "#" and source.startswith('#"', i)):
            j = i
            hashes = 0
            while j < n and source[j] == "#":
                hashes, j = hashes + 1, j + 1
            triple = source.startswith('"""', j)
            quote = '"""' if triple else '"'
            closing = quote + "#" * hashes
            end = source.find(closing, j + len(quote))
            end = n if end == -1 else end + len(closing)
            literal = source[i:end]
            out.append(literal if keep_strings else re.sub(r"[^\n]", " ", literal))
            i = end
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def violations(sources_dir, platforms, table=API_TABLE):
    """Every (path, line, what, macOS, iOS, citation) whose API is newer than `platforms`."""
    found = []
    for folder, _, files in sorted(os.walk(sources_dir)):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as handle:
                code = strip_comments_and_strings(handle.read())
            for number, line in enumerate(code.split("\n"), start=1):
                for what, pattern, macos, ios, citation in table:
                    if macos <= platforms["macOS"] and ios <= platforms["iOS"]:
                        continue
                    if re.search(pattern, line):
                        found.append((path, number, what, macos, ios, citation))
    return found


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--sources", default="Sources/PinningCore", help="relative to --root")
    options = parser.parse_args(argv)
    root = os.path.normpath(options.root)
    package = os.path.join(root, "Package.swift")
    sources = os.path.join(root, options.sources)
    if not os.path.isfile(package) or not os.path.isdir(sources):
        print(f"check-core-availability: need {package} and the folder {sources}", file=sys.stderr)
        return 2
    try:
        with open(package, encoding="utf-8") as handle:
            platforms, named = declared_platforms(handle.read())
    except ValueError as error:
        print(f"check-core-availability: Package.swift: {error}", file=sys.stderr)
        return 2
    declared = f"macOS {version_text(platforms['macOS'])} / iOS {version_text(platforms['iOS'])}"
    if not named:
        declared += " (SwiftPM's defaults: Package.swift names no platforms)"
    found = violations(sources, platforms)
    for path, number, what, macos, ios, citation in found:
        print(
            f"{os.path.relpath(path, root)}:{number}: {what} needs macOS {version_text(macos)} / iOS "
            f"{version_text(ios)} ({citation}); Package.swift declares {declared}"
        )
    checked = len(API_TABLE)
    if found:
        print(f"check-core-availability: {len(found)} use(s) newer than {declared}: use what the platforms provide, "
              "or raise them in Package.swift and ARCHITECTURE.md (PinningCore) together")
        return 1
    print(f"check-core-availability: {os.path.relpath(sources, root)} stays within {declared} ({checked} APIs checked)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
