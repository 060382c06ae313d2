#!/usr/bin/env python3
"""Resolve every repository path ARCHITECTURE.md names, so the document cannot drift from the tree.

A path is named in backticks or as a link target. It resolves when it exists relative to the repository, to
`Sources/`, to `Tests/`, or (for a bare file or folder name, such as `HostNameParser.swift` beside
`PinningCore/Hosts/HostName.swift`) inside the folder of the path named before it on the same line or table row,
or inside the target a table row is about. Names with placeholders (`<Format>Export.swift`) and files made at run
time (`pins.json`, `ct-watch.json`) are not paths of the repository and are left alone.

Usage: scripts/check-architecture-paths.py [DOCUMENT]   (exit 1 naming each path that does not resolve)
"""

import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE_EXTENSIONS = (".swift", ".py", ".sh", ".h", ".java", ".md", ".modulemap")
# Files the tools write while running, named in the prose; never in the repository.
RUNTIME_FILES = {"pins.json", "ct-watch.json", "releases.json"}


def candidates(token):
    """Where a token may live, in order: as named, under Sources/, under Tests/."""
    token = token.rstrip("/")
    return [os.path.join(ROOT, token), os.path.join(ROOT, "Sources", token), os.path.join(ROOT, "Tests", token)]


def looks_like_path(token):
    if any(c in token for c in "<>*{} ()$,;") or token.startswith(("-", ".", "http", "~")):
        return False
    if token in RUNTIME_FILES:
        return False
    if "/" in token:
        # A folder or file path: letters, digits and the usual punctuation only, and not an import of a product.
        return re.fullmatch(r"[A-Za-z0-9_+.\-/]+", token) is not None and not token.startswith("/")
    return token.endswith(SOURCE_EXTENSIONS)


def resolve(token, contexts):
    for path in candidates(token):
        if os.path.exists(path):
            return os.path.relpath(path, ROOT)
    name = token.rstrip("/")
    for folder in reversed(contexts):
        # The folder of a path named before, and its parents up to the target that holds it.
        while folder.startswith(ROOT) and len(folder) > len(ROOT):
            path = os.path.join(folder, name)
            if os.path.exists(path):
                return os.path.relpath(path, ROOT)
            if os.path.dirname(folder) in (os.path.join(ROOT, "Sources"), os.path.join(ROOT, "Tests"), ROOT):
                break
            folder = os.path.dirname(folder)
    # A path inside some target (`Validation/Verdict.swift`), or a bare file name found in exactly one place.
    matches = glob.glob(os.path.join(ROOT, "Sources", "*", name)) + glob.glob(os.path.join(ROOT, "Tests", "*", name))
    if "/" not in name and name.endswith(SOURCE_EXTENSIONS):
        matches += glob.glob(os.path.join(ROOT, "Sources", "**", name), recursive=True)
    if matches:
        return os.path.relpath(matches[0], ROOT)
    return None


def tokens_of(line):
    found = [m.group(1) for m in re.finditer(r"`([^`\n]+)`", line)]
    found += [m.group(1).split("#")[0] for m in re.finditer(r"\]\(([^)\s]+)\)", line)]
    return [t for t in found if t and not t.startswith("#")]


def code_block_tokens(line):
    """Paths in the repository-layout block: the first word of a line (`Sources/X`, `Certificates/`, ...)."""
    words = line.split()
    return [w for w in words[:1] if "/" in w]


def main():
    document = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "ARCHITECTURE.md")
    missing = []
    checked = 0
    in_code = False
    block_context = []  # the repository layout's current top-level folder
    section_context = []  # the target a `### Target` section is about
    with open(document, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            heading = re.match(r"#+\s+`?([A-Za-z][A-Za-z0-9_-]*)`?", line)
            if heading:
                target = os.path.join(ROOT, "Sources", heading.group(1))
                section_context = [target] if os.path.isdir(target) else []
            if line.startswith("```"):
                in_code = not in_code
                block_context = []
                continue
            if in_code:
                tokens = code_block_tokens(line)
                if tokens and not line.startswith(" "):
                    block_context = []
            else:
                tokens = tokens_of(line)
            contexts = section_context + block_context
            if line.startswith("|"):
                # A table row about a target (`| `Target` | folders | ...`): its folders are inside the target.
                first = re.match(r"\|\s*`([A-Za-z][A-Za-z0-9_-]*)`", line)
                if first and os.path.isdir(os.path.join(ROOT, "Sources", first.group(1))):
                    contexts.append(os.path.join(ROOT, "Sources", first.group(1)))
            for token in tokens:
                if not looks_like_path(token):
                    continue
                # In the layout block, a box-drawing diagram line is not a path list.
                if in_code and not re.fullmatch(r"[A-Za-z0-9_+.\-/]+", token):
                    continue
                checked += 1
                found = resolve(token, contexts)
                if found is None:
                    missing.append((number, token))
                    continue
                folder = os.path.join(ROOT, found)
                if not os.path.isdir(folder):
                    folder = os.path.dirname(folder)
                contexts.append(folder)
                if in_code and not line.startswith(" "):
                    block_context = [folder]
    relative = os.path.relpath(document, ROOT)
    for number, token in missing:
        print(f"{relative}:{number}: `{token}` names no file or folder in the repository")
    if missing:
        print(f"{len(missing)} of {checked} paths in {relative} do not resolve")
        return 1
    print(f"{relative}: all {checked} paths resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
