#!/usr/bin/env python3
"""Checks that every relative link of the documentation leads somewhere: the file exists, and a `#anchor` names a
heading of that file (GitHub's anchor rules: lower case, punctuation dropped, spaces to hyphens, `-N` for repeats).

Usage: scripts/check-doc-links.py [FILE.md ...]   (default: README.md, ARCHITECTURE.md and docs/*.md)
Exits 1 and names each broken link (file:line: target: why) when any is broken; 0 otherwise.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# [text](target) and ![alt](target); the target ends at the first space or closing parenthesis.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def lines_outside_code(text):
    """The lines of `text` with their numbers, leaving out fenced code blocks and inline code spans."""
    inside = False
    for number, line in enumerate(text.split("\n"), start=1):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield number, re.sub(r"`[^`]*`", "", line)


def heading_slug(heading):
    """GitHub's anchor for a heading's text (before numbering repeats)."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text stays, its target goes
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)  # punctuation (backticks, colons, parentheses, dots) dropped
    return text.replace(" ", "-")


def anchors(path):
    """The anchors GitHub gives the headings of the Markdown file at `path` (code spans kept as text)."""
    seen = {}
    result = set()
    inside = False
    with open(path, encoding="utf-8") as handle:
        for line in handle.read().split("\n"):
            if FENCE.match(line):
                inside = not inside
                continue
            match = None if inside else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if not match:
                continue
            slug = heading_slug(match.group(1))
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            result.add(slug if count == 0 else f"{slug}-{count}")
    return result


def check(path):
    problems = []
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    for number, line in lines_outside_code(text):
        for target in LINK.findall(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...: not relative
                continue
            file_part, _, anchor = target.partition("#")
            linked = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            where = f"{os.path.relpath(path, ROOT)}:{number}: {target}"
            if not os.path.exists(linked):
                problems.append(f"{where}: no such file")
                continue
            if anchor:
                if not linked.endswith(".md") or os.path.isdir(linked):
                    problems.append(f"{where}: an anchor into a file that is not Markdown")
                elif anchor not in anchors(linked):
                    problems.append(f"{where}: no heading with that anchor in {os.path.relpath(linked, ROOT)}")
    return problems


def main(arguments):
    files = arguments or (
        [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "ARCHITECTURE.md")]
        + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    )
    problems = []
    for path in files:
        problems += check(os.path.abspath(path))
    for problem in problems:
        print(problem)
    print(f"{len(files)} files, {len(problems)} broken links")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
