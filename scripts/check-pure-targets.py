#!/usr/bin/env python3
"""Checks that the pure targets reach no target that writes files.

The workbench is pure values (state, update, view), and the export is pure formatting: neither may link a writer, so
that what writes is decided in one place (ManifestFiles: the store's locked atomic save, output files, backup key
files) and only the runtime, the CLI and tests link it.

A target writes when it is a file-writing target (ManifestFiles), or when its own sources call a file-writing API
(`Data.write(to:)`, `FileManager` creating, moving or removing, `open` with `O_CREAT`/`O_WRONLY`/`O_RDWR`, `rename`,
`unlink`, `ftruncate`, ...). The check follows every pure target's dependencies, target by target, through the package
description that `swift package dump-package` prints, and scans each reached target's sources.

Usage: scripts/check-pure-targets.py [--package-json FILE] [--root DIR]
  --package-json FILE  the output of `swift package dump-package` (default: run it in the package root)
  --root DIR           the package root whose Sources/ are scanned (default: this script's repository)
Exits 1 naming each pure target, the writer it reaches and the path of dependencies to it (and, for a writer found by
its sources, the file:line of its first write); 0 otherwise.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The targets that must not write, nor reach a target that does.
PURE_TARGETS = ["Workbench", "PinExport", "ManifestEditing", "FieldReports"]
# The targets that exist to write files.
WRITING_TARGETS = {"ManifestFiles"}
# Calls that create, replace, move or remove a file. Comments are left out before matching; the C calls count only as
# free functions in a file that imports the C library (`Frame.truncate(` is not `truncate(2)`).
FOUNDATION_WRITES = [
    r"\.write\(to:", r"\bcreateFile\(", r"\bcreateDirectory\(", r"\bremoveItem\(", r"\bmoveItem\(",
    r"\bcopyItem\(", r"\breplaceItem", r"FileHandle\(forWriting", r"FileHandle\(forUpdating",
    r"\bO_CREAT\b", r"\bO_WRONLY\b", r"\bO_RDWR\b", r"\bO_TRUNC\b",
]
C_WRITES = ["rename", "renameat", "unlink", "unlinkat", "ftruncate", "truncate", "fopen", "mkdir", "symlink", "link",
            "fchmod", "fchown"]
FOUNDATION_CALLS = re.compile("|".join(FOUNDATION_WRITES))
C_CALLS = re.compile("|".join(rf"(?<![.\w]){name}\(" for name in C_WRITES))
C_LIBRARY = re.compile(r"^\s*import\s+(Glibc|Musl|Darwin|WinSDK)\b", re.MULTILINE)


def dump_package(root):
    """The package description as `swift package dump-package` prints it. In a scratch folder of its own, so that a
    build running in `.build` (which holds that folder's lock) does not make the check wait for it."""
    with tempfile.TemporaryDirectory(prefix="check-pure-targets.") as scratch:
        result = subprocess.run(
            ["swift", "package", "--scratch-path", scratch, "dump-package"],
            cwd=root, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"swift package dump-package failed:\n{result.stderr}")
    return json.loads(result.stdout)


def target_dependencies(target):
    """The names of the package's own targets `target` depends on (products of other packages are left out)."""
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency:
                names.append(dependency[kind][0])
    return names


def target_folder(root, target):
    return os.path.join(root, target.get("path") or os.path.join("Sources", target["name"]))


def source_writes(root, target):
    """file:line of each write call in `target`'s Swift sources (comments left out)."""
    found = []
    folder = target_folder(root, target)
    for directory, _, files in os.walk(folder):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as source:
                text = source.read()
            calls = [FOUNDATION_CALLS] + ([C_CALLS] if C_LIBRARY.search(text) else [])
            for number, line in enumerate(text.split("\n"), start=1):
                code = line.split("//", 1)[0]
                if any(pattern.search(code) for pattern in calls):
                    found.append(f"{os.path.relpath(path, root)}:{number}: {line.strip()}")
    return found


def violations(package, root):
    """For each pure target, the writers it reaches, with the dependency path and the evidence."""
    targets = {target["name"]: target for target in package["targets"]}
    problems = []
    for pure in PURE_TARGETS:
        if pure not in targets:
            problems.append(f"{pure}: no such target in the package (update PURE_TARGETS)")
            continue
        # Breadth first, so that the path shown is a shortest one.
        paths = {pure: [pure]}
        queue = [pure]
        while queue:
            name = queue.pop(0)
            for dependency in target_dependencies(targets[name]):
                if dependency in targets and dependency not in paths:
                    paths[dependency] = paths[name] + [dependency]
                    queue.append(dependency)
        for name, path in paths.items():
            target = targets[name]
            if target.get("type") in ("system", "binary"):
                continue
            chain = " -> ".join(path)
            if name in WRITING_TARGETS:
                problems.append(f"{pure} reaches the file-writing target {name} ({chain})")
                continue
            writes = source_writes(root, target)
            if writes:
                more = f" (and {len(writes) - 1} more write calls)" if len(writes) > 1 else ""
                problems.append(f"{pure} reaches {name}, which writes files ({chain}): {writes[0]}{more}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--package-json")
    parser.add_argument("--root", default=ROOT)
    arguments = parser.parse_args()
    if arguments.package_json:
        with open(arguments.package_json, encoding="utf-8") as file:
            package = json.load(file)
    else:
        package = dump_package(arguments.root)
    problems = violations(package, arguments.root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s): the pure targets ({', '.join(PURE_TARGETS)}) must not reach a writer")
        return 1
    print(f"pure targets reach no writer: {', '.join(PURE_TARGETS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
