#!/usr/bin/env python3
"""Hold ARCHITECTURE.md's imports table to the `import` lines of each target's sources.

Each row of the table "| target | kind | imports |" names its target in backticks (with its folder in backticks
after it when that is not `Sources/<target>`). The imports cell lists the project targets a target imports, then,
after a semicolon, the packages and shims; Foundation and the platform modules (Glibc, Darwin, Musl, Dispatch) are
left out. Rows for system libraries (module maps) describe what they wrap and are not checked.

Usage: scripts/check-architecture-imports.py [--fix [--all]]   (exit 1 naming each row that differs; --fix rewrites
them, --all every row, in the table's order: project targets, then packages and shims)
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENT = os.path.join(ROOT, "ARCHITECTURE.md")
LEFT_OUT = {"Foundation", "Glibc", "Darwin", "Musl", "Dispatch"}
IMPORT = re.compile(r"^\s*(?:@[^ ]+ )*import\s+(?:(?:struct|class|enum|func|protocol|typealias)\s+)?([A-Za-z_0-9]+)")


def imports_of(folder):
    found = set()
    for base, _, files in os.walk(folder):
        for name in files:
            if not name.endswith(".swift"):
                continue
            with open(os.path.join(base, name), encoding="utf-8") as handle:
                in_string = False  # inside a multi-line string literal, whose lines are text, not imports
                for line in handle:
                    if line.count('"""') % 2 == 1:
                        in_string = not in_string
                        continue
                    match = None if in_string else IMPORT.match(line)
                    if match:
                        found.add(match.group(1))
    return found - LEFT_OUT


def project_targets():
    names = set()
    for parent in ("Sources", "Tests"):
        for name in os.listdir(os.path.join(ROOT, parent)):
            folder = os.path.join(ROOT, parent, name)
            # Swift targets only: the C shims (module maps) are listed with the packages, after the semicolon.
            if os.path.isdir(folder) and any(f.endswith(".swift") for _, _, fs in os.walk(folder) for f in fs):
                names.add(name)
    return names


def folder_of(cell):
    names = re.findall(r"`([^`]+)`", cell)
    if not names:
        return None, None
    target = names[0]
    for candidate in names[1:] + [os.path.join("Sources", target), os.path.join("Tests", target)]:
        path = os.path.join(ROOT, candidate)
        if os.path.isdir(path) and any(f.endswith(".swift") for _, _, fs in os.walk(path) for f in fs):
            return target, path
    return target, None


def main():
    fix = "--fix" in sys.argv[1:]
    projects = project_targets()
    with open(DOCUMENT, encoding="utf-8") as handle:
        lines = handle.readlines()
    in_table = False
    differing = []
    rows = set()
    checked = 0
    for index, line in enumerate(lines):
        if line.startswith("| target | kind | imports"):
            in_table = True
            continue
        if in_table and not line.startswith("|"):
            break
        if not in_table or line.startswith("| ---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[1] == "system library":
            continue
        target, folder = folder_of(cells[0])
        rows.add(target)
        if folder is None:
            differing.append((index + 1, target, "names no folder of Swift sources"))
            continue
        checked += 1
        actual = imports_of(folder)
        listed = {n.strip() for n in re.split(r"[,;]", cells[2]) if n.strip()}
        if listed == actual and not (fix and "--all" in sys.argv[1:]):
            continue
        own = sorted(n for n in actual if n in projects)
        others = sorted(n for n in actual if n not in projects)
        cell = "; ".join(part for part in (", ".join(own), ", ".join(others)) if part)
        missing = sorted(actual - listed)
        extra = sorted(listed - actual)
        differing.append((index + 1, target, f"imports {missing or 'nothing more'}, not {extra or 'nothing less'}"))
        if fix:
            lines[index] = f"| {cells[0]} | {cells[1]} | {cell} |\n"
    for name in sorted(os.listdir(os.path.join(ROOT, "Sources"))):
        folder = os.path.join(ROOT, "Sources", name)
        swift = any(f.endswith(".swift") for _, _, fs in os.walk(folder) for f in fs)
        named = name in rows or any(f"`Sources/{name}`" in line for line in lines)
        if swift and not named:
            differing.append((0, name, "has no row in the imports table"))
    if fix:
        with open(DOCUMENT, "w", encoding="utf-8") as handle:
            handle.writelines(lines)
    for number, target, why in differing:
        print(f"ARCHITECTURE.md:{number}: `{target}` {why}" + (" (rewritten)" if fix else ""))
    if differing and not fix:
        print(f"{len(differing)} of {checked} rows of the imports table differ from the sources; "
              "scripts/check-architecture-imports.py --fix rewrites them")
        return 1
    print(f"ARCHITECTURE.md: the imports table matches the sources ({checked} targets)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
