#!/usr/bin/env bash
# `pinbench release add --from big.ipa` and `pinbench drift big.ipa` beside `pinbench scan big.ipa` (what both do
# first) and `sha256sum` (the hash a release records; `release add` reads the file twice for it, before and after
# the scan), on one IPA whose executable is 60 MB (30 MB of random code, 30 MB of C strings with a pin every 50,000
# strings), alternated, ROUNDS rounds; prints each run and the medians (wall seconds with their range, peak RSS).
#
#   PINBENCH=.build-release/x86_64-unknown-linux-gnu/release/pinbench bash Benchmarks/scripts/release-from-build.sh [ROUNDS]
set -euo pipefail
rounds=${1:-5}
pinbench=$(realpath "${PINBENCH:?PINBENCH names the pinbench binary to measure}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import base64, os, plistlib, random, struct, sys, zipfile
work = sys.argv[1]
random.seed(7)
alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:"
words = ["".join(random.choice(alphabet) for _ in range(random.randint(4, 60))) for _ in range(20000)]
parts, size, index = [], 0, 0
while size < 30_000_000:
    text = "sha256/" + base64.b64encode(random.randbytes(32)).decode() if index % 50000 == 0 else random.choice(words)
    parts.append(text.encode() + b"\0")
    size += len(parts[-1])
    index += 1
strings = b"".join(parts)
code = random.randbytes(30_000_000)
commands = 72 + 2 * 80
data = (32 + commands + 15) // 16 * 16
header = struct.pack("<8I", 0xFEEDFACF, 0x0100000C, 0, 2, 1, commands, 0, 0)
segment = struct.pack("<2I16s4Q2i2I", 0x19, commands, b"__TEXT", 0x100000000, data + len(code) + len(strings), 0,
                      data + len(code) + len(strings), 5, 5, 2, 0)
text_section = struct.pack("<16s16s2Q8I", b"__text", b"__TEXT", 0x100000000 + data, len(code), data, 0, 0, 0,
                           0x80000400, 0, 0, 0)
cstring = struct.pack("<16s16s2Q8I", b"__cstring", b"__TEXT", 0x100000000 + data + len(code), len(strings),
                      data + len(code), 0, 0, 0, 2, 0, 0, 0)
image = (header + segment + text_section + cstring).ljust(data, b"\0") + code + strings
plist = {"CFBundleIdentifier": "com.example.big", "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1",
         "CFBundleExecutable": "Big", "TSKConfiguration": {"TSKPinnedDomains": {"api.example.com": {
             "TSKPublicKeyHashes": [base64.b64encode(bytes([1]) * 32).decode(),
                                    base64.b64encode(bytes([2]) * 32).decode()]}}}}
with zipfile.ZipFile(os.path.join(work, "big.ipa"), "w", zipfile.ZIP_DEFLATED) as archive:
    archive.writestr("Payload/Big.app/Info.plist", plistlib.dumps(plist, fmt=plistlib.FMT_BINARY))
    archive.writestr("Payload/Big.app/Big", image)
manifest = {"schema": 1, "domains": [{"host": "api.example.com", "pins": [
    {"type": "spki-sha256", "value": base64.b64encode(bytes([1]) * 32).decode()},
    {"type": "spki-sha256", "value": base64.b64encode(bytes([3]) * 32).decode(), "role": "backup"}]}]}
import json
open(os.path.join(work, "pins.json"), "w").write(json.dumps(manifest))
PY
cd "$work"
echo "IPA: $(stat -c %s big.ipa) bytes"
for ((round = 1; round <= rounds; round++)); do
    /usr/bin/time -f "scan %e %M" "$pinbench" scan big.ipa >/dev/null 2>>times || true
    rm -f releases.json
    /usr/bin/time -f "release-add %e %M" "$pinbench" release add --from big.ipa >/dev/null 2>>times
    /usr/bin/time -f "drift %e %M" "$pinbench" drift big.ipa >/dev/null 2>>times || true
    /usr/bin/time -f "sha256sum %e %M" sha256sum big.ipa >/dev/null 2>>times
done
cat times
python3 - times <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    if line.startswith("Command exited"):  # time's note on drift's exit 1 (drift found)
        continue
    name, seconds, kilobytes = line.split()
    runs.setdefault(name, []).append((float(seconds), int(kilobytes)))
for name, values in runs.items():
    times = sorted(v[0] for v in values)
    print(f"{name}: median {statistics.median(times):.2f} s ({times[0]:.2f}-{times[-1]:.2f}), "
          f"peak RSS median {statistics.median(v[1] for v in values) / 1024:.1f} MiB")
PY
