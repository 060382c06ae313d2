#!/usr/bin/env python3
"""Checks that the tests mirror the targets: every library target `X` has a test target `XTests` that depends on it,
and every test target `XTests` has a library target `X`, so that a target's tests are found by its name.

Usage: scripts/check-test-targets.py [--package-json FILE]
  Without --package-json it runs `swift package dump-package` in the repository (in a scratch folder of its own, so
  that it neither waits for nor disturbs a build holding .build). FILE is that command's JSON ('-' reads stdin).
Exits 1 and names each target that breaks the rule; 2 when the package cannot be read; 0 otherwise.

A library target is a regular (Swift or C) target outside Tests/; Tests/TestSupport and its like are the tests' own
helpers. System library targets (module maps) and executables have no test target of their own. The test targets
that test an executable by running it are listed in EXECUTABLE_TESTS with the executable they run.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Test targets that run a built executable rather than import a library: name -> the executable they test.
EXECUTABLE_TESTS = {
    "CLITests": "pinbench",  # the built binary against real loopback servers, and the repository-wide checks
    "EndToEndTests": "pinbench",  # the built binary in a real terminal (tmux)
}
# Dumping the manifest takes about a second; the deadline is for a toolchain that hangs.
DUMP_DEADLINE_SECONDS = 300


class Unreadable(Exception):
    """The package description could not be had or read: bad input, exit 2."""


def dump_package():
    """`swift package dump-package` of the repository, in a scratch folder of its own."""
    with tempfile.TemporaryDirectory(prefix="check-test-targets-") as scratch:
        try:
            result = subprocess.run(
                ["swift", "package", "--package-path", ROOT, "--scratch-path", scratch, "dump-package"],
                capture_output=True,
                text=True,
                timeout=DUMP_DEADLINE_SECONDS,
            )
        except FileNotFoundError:
            raise Unreadable("swift is not on PATH")
        except subprocess.TimeoutExpired:
            raise Unreadable(f"swift package dump-package took more than {DUMP_DEADLINE_SECONDS} s")
    if result.returncode != 0:
        raise Unreadable(f"swift package dump-package failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout


def read_package(argument):
    text = dump_package() if argument is None else sys.stdin.read() if argument == "-" else read_file(argument)
    try:
        package = json.loads(text)
        targets = package["targets"]
        return [
            (target["name"], target["type"], target.get("path") or "", [name_of(d) for d in target["dependencies"]])
            for target in targets
        ]
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise Unreadable(f"not the JSON of swift package dump-package: {type(error).__name__}: {error}")


def read_file(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise Unreadable(f"{path}: {error.strerror}")


def name_of(dependency):
    """The target a dependency names ({"byName": [name, condition]} or {"target": [...]}); None for a product."""
    (kind, values), = dependency.items()
    return values[0] if kind in ("byName", "target") else None


def problems(targets):
    """Each break of the rule, as `name: why`, in the package's order."""
    libraries = [name for name, kind, path, _ in targets if kind == "regular" and not path.startswith("Tests/")]
    executables = {name for name, kind, _, _ in targets if kind == "executable"}
    tests = {name: dependencies for name, kind, _, dependencies in targets if kind == "test"}
    found = []
    for library in libraries:
        test = library + "Tests"
        if test not in tests:
            found.append(f"{library}: library target with no test target {test} (Tests/{test})")
        elif library not in tests[test]:
            found.append(f"{test}: does not depend on {library}, the target it is named after")
    for test in tests:
        if test in EXECUTABLE_TESTS:
            if EXECUTABLE_TESTS[test] not in executables:
                found.append(f"{test}: tests the executable {EXECUTABLE_TESTS[test]}, which is not a target")
        elif not test.endswith("Tests"):
            found.append(f"{test}: a test target's name is its library's name and Tests")
        elif test[: -len("Tests")] not in libraries:
            found.append(f"{test}: test target with no library target {test[:-len('Tests')]}")
    return libraries, tests, found


def main(arguments):
    if arguments and (len(arguments) != 2 or arguments[0] != "--package-json" or not arguments[1]):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        targets = read_package(arguments[1] if arguments else None)
    except Unreadable as error:
        print(f"check-test-targets: {error}", file=sys.stderr)
        return 2
    libraries, tests, found = problems(targets)
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} target(s) break the rule: one <Target>Tests per library target (docs/testing.md)")
        return 1
    print(f"{len(libraries)} library targets, each with its <Target>Tests; {len(tests)} test targets")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
