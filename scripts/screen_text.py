#!/usr/bin/env python3
"""Compare tmux screen captures (capture-pane -p -e) for what a reader of the screenshots sees.

Usage: screen_text.py compare COMMITTED_DIR NEW_DIR
       screen_text.py show CAPTURE.txt

The demo makes a new PKI and new timings on every run, so the comparison sets aside what changes from run to run
and keeps what a stale screenshot gets wrong (the domains listed, the words, the layout): colour escapes are
dropped, key material (base64 pins and log ids, hex fingerprints and serials, and what is left of them where they
are cut or covered) is masked, every digit counts as 0, and runs of blanks as one. Exit 1, printing each differing line, when a capture differs or one is missing on either side.
Standard library only.
"""
import os
import re
import sys

ESCAPE = re.compile(r"\x1b\[[0-9;:?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]")
# A base64 pin or log id: long, with a digit, + or / (a word of letters alone is text, and kept).
BASE64 = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}")
# Anything cut short (`…` or `...`) after eight characters: a cut pin or log id has no digit often enough.
CUT = re.compile(r"[A-Za-z0-9+/=]{8,}(?:…|\.\.\.)")
HEX = re.compile(r"\b(?:[0-9A-Fa-f]{2}[: ]){3,}[0-9A-Fa-f]{2}\b|\b[0-9A-Fa-f]{12,}\b")
# What is left of a fingerprint or serial that wrapped, or shows beside an overlay (`C0`, `:0B:DC:`): any run of
# upper-case hex digits and colons standing alone. Plain numbers become it too, on both sides alike.
HEX_PIECE = re.compile(r"(?<![A-Za-z0-9])[0-9A-F:]*[0-9A-F][0-9A-F:]*(?![A-Za-z0-9])")


def key(match):
    token = match.group(0)
    return "<key>" if re.search(r"[0-9+/]", token) else token


def normalise(text):
    lines = []
    for line in ESCAPE.sub("", text).split("\n"):
        line = CUT.sub("<cut>", line)
        line = BASE64.sub(key, line)
        line = HEX.sub("<hex>", line)
        line = HEX_PIECE.sub("<hex>", line)
        line = re.sub(r"[0-9]", "0", line)
        line = re.sub(r"0+", "0", line)
        line = re.sub(r" +", " ", line).rstrip()
        lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def read(path):
    with open(path, encoding="utf-8", errors="replace") as handle:
        return handle.read()


def compare(committed, new):
    names = sorted({n for n in os.listdir(committed) if n.endswith(".txt")} | {n for n in os.listdir(new) if n.endswith(".txt")})
    stale = 0
    for name in names:
        old_path, new_path = os.path.join(committed, name), os.path.join(new, name)
        if not os.path.exists(old_path) or not os.path.exists(new_path):
            print(f"{name}: only in {new if os.path.exists(new_path) else committed}")
            stale += 1
            continue
        old, fresh = normalise(read(old_path)), normalise(read(new_path))
        if old == fresh:
            continue
        stale += 1
        print(f"{name} is stale: the committed capture (-) against the program now (+)")
        for i in range(max(len(old), len(fresh))):
            a = old[i] if i < len(old) else None
            b = fresh[i] if i < len(fresh) else None
            if a != b:
                if a is not None:
                    print(f"{i + 1:4d} -|{a}|")
                if b is not None:
                    print(f"{i + 1:4d} +|{b}|")
    if stale:
        print(f"{stale} screenshot(s) stale: run scripts/screenshots.sh and commit screenshots/")
        return 1
    print(f"{len(names)} screenshots match the program")
    return 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "compare":
        return compare(sys.argv[2], sys.argv[3])
    if len(sys.argv) == 3 and sys.argv[1] == "show":
        print("\n".join(normalise(read(sys.argv[2]))))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
