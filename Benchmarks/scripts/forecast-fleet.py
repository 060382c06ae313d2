#!/usr/bin/env python3
"""Writes a fleet for `pinbench forecast` to a folder: RELEASES release manifests of DOMAINS domains each, the
releases file listing them, the working manifest (pins.json) and the served chain's pins, seeded so every run writes
the same bytes.

    forecast-fleet.py FOLDER RELEASES DOMAINS SETS LEAF_SPKI CA_SPKI ROOT_SPKI

SETS is how many distinct pin sets the releases ship: 4 (the releases cycle through leaf+CA, leaf only, report-only
on an unrelated key, lapsed) or any other number (each release pins the leaf key and a backup key of its own, so
every release's policy for every domain differs from every other release's).
"""
import base64
import json
import os
import random
import sys

folder, releases, domains, sets = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
leaf, ca, root = sys.argv[5], sys.argv[6], sys.argv[7]
rng = random.Random(38)


def random_pin():
    return base64.b64encode(rng.randbytes(32)).decode()


def pin(value, role, position="any", level="leaf"):
    return {"type": "spki-sha256", "value": value, "role": role, "position": position,
            "label": f"{level} key, CN=*.fleet.test", "added": "2026-01-15T10:00:00Z"}


hosts = [f"d{index:05d}.fleet.test" for index in range(domains)]
unrelated = random_pin()
backups = [random_pin() for _ in range(releases)]


def pins_of(release):
    """The pins, mode and expiry every domain gets in `release` (None: the working manifest)."""
    if release is None or sets != 4:
        backup = pin(ca, "backup", "ca", "CA") if release is None else pin(backups[release], "backup")
        return [pin(leaf, "active"), backup], "enforce", None
    variant = release % 4
    if variant == 0:
        return [pin(leaf, "active"), pin(ca, "backup", "ca", "CA")], "enforce", None
    if variant == 1:
        return [pin(leaf, "active")], "enforce", None
    if variant == 2:
        return [pin(unrelated, "active"), pin(root, "backup", "ca", "root")], "report-only", None
    return [pin(leaf, "active")], "enforce", "2026-01-01"


def manifest(release):
    pins, mode, expires = pins_of(release)
    entries = []
    for host in hosts:
        domain = {"host": host, "port": 443, "includeSubdomains": False, "mode": mode, "pins": pins}
        if expires:
            domain["expires"] = expires
        entries.append(domain)
    return {"schema": 1, "trustAnchors": [], "domains": entries}


os.makedirs(folder, exist_ok=True)
for release in range(releases):
    with open(os.path.join(folder, f"r{release:03d}.json"), "w") as out:
        json.dump(manifest(release), out, separators=(",", ":"), sort_keys=True)
with open(os.path.join(folder, "pins.json"), "w") as out:
    json.dump(manifest(None), out, separators=(",", ":"), sort_keys=True)
share = round(100 / releases, 4)
entries = [{"name": f"{release // 10}.{release % 10}", "file": f"r{release:03d}.json", "share": share,
            "shipped": "2026-01-15", "format": "manifest"} for release in range(releases)]
with open(os.path.join(folder, "releases.json"), "w") as out:
    json.dump({"schema": 1, "releases": entries}, out, indent=2, sort_keys=True)
with open(os.path.join(folder, "hosts.txt"), "w") as out:
    out.write("\n".join(hosts) + "\n")
