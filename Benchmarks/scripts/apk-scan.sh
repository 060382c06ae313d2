#!/usr/bin/env bash
# `pinbench scan` of a 100 MB APK with 8 DEX files (issue 40's goal: under 2 s and under 100 MB of memory), beside
# `unzip -p … 'classes*.dex' | strings | grep sha256/` on the same file, alternated, ROUNDS rounds; prints each run
# and the medians with their range (wall seconds, peak RSS from /usr/bin/time; the pipeline's is its largest
# process's).
#
# The APK is built with real tools: Debian's `aapt` packs AndroidManifest.xml and a network_security_config.xml
# (binary XML and resources.arsc as Android's build makes them), then `zip` adds 8 `classes*.dex` and a 49 MB native
# library (random bytes, stored as real .so files are). Each DEX is written as the tests' DexBuilder writes one, at
# scale: about 150,000 strings (class, method and field names, literals) and 20,000 classes of one method each,
# whose code mixes const-string, const/4, invoke-virtual and move-result as compiled Java does; a few methods load a
# host then an OkHttp pin (`CertificatePinner.Builder().add(host, pin)`). `dexdump -f` checks every DEX's header.
#
#   PINBENCH=$(scripts/build-release.sh) bash Benchmarks/scripts/apk-scan.sh [ROUNDS]
#   OTHER=path/to/another/pinbench ...     # also alternates that binary's scan (an A/B of two builds)
set -euo pipefail
rounds=${1:-5}
pinbench=$(realpath "${PINBENCH:?PINBENCH names the pinbench binary to measure}")
other=${OTHER:+$(realpath "$OTHER")}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src/res/xml" "$work/add/lib/arm64-v8a"
cat >"$work/src/AndroidManifest.xml" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.big"
    android:versionCode="41" android:versionName="4.1">
  <uses-sdk android:minSdkVersion="21" android:targetSdkVersion="34"/>
  <application android:label="Big" android:networkSecurityConfig="@xml/network_security_config"/>
</manifest>
XML
cat >"$work/src/res/xml/network_security_config.xml" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<network-security-config>
  <domain-config>
    <domain includeSubdomains="true">api.example.com</domain>
    <pin-set expiration="2027-01-01">
      <pin digest="SHA-256">AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=</pin>
      <pin digest="SHA-256">AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI=</pin>
    </pin-set>
  </domain-config>
</network-security-config>
XML
aapt package -f -M "$work/src/AndroidManifest.xml" -S "$work/src/res" \
    -I /usr/share/android-framework-res/framework-res.apk -F "$work/big.apk" >/dev/null
python3 - "$work/add" <<'PY'
import base64, hashlib, os, random, struct, sys, zlib
out = sys.argv[1]
random.seed(40)

def uleb(value):
    data = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        data.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(data)

def const_string(string):
    """const-string v0 (a 16-bit index), or const-string/jumbo past 65,535 strings, as d8 writes them."""
    if string <= 0xFFFF:
        return [0x001a, string]
    return [0x001b, string & 0xFFFF, string >> 16]

def dex(number):
    """A DEX laid out as DexBuilder lays one out, with many classes: header, string_ids, type_ids, proto_ids,
    method_ids, class_defs, then code items, class data, string data and the map."""
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    classes = [f"Lcom/example/big{number}/{''.join(random.choices(alphabet, k=8))}{i};" for i in range(20000)]
    words = set()
    while len(words) < 130000:
        kind = random.random()
        if kind < 0.4:
            words.add("L" + "/".join("".join(random.choices(alphabet, k=random.randint(3, 10)))
                                     for _ in range(random.randint(2, 5))) + ";")
        elif kind < 0.7:
            words.add("".join(random.choices(alphabet, k=random.randint(4, 24))))
        else:
            words.add(" ".join("".join(random.choices(alphabet, k=random.randint(2, 9)))
                               for _ in range(random.randint(1, 8))))
    pairs = [(f"api{number}-{i}.example.com", "sha256/" + base64.b64encode(random.randbytes(32)).decode())
             for i in range(8)]
    fixed = ["Ljava/lang/Object;", "V", "m", "Lokhttp3/CertificatePinner;"]
    strings = sorted(set(fixed + classes + list(words) + [t for pair in pairs for t in pair]),
                     key=lambda s: s.encode("utf-16-be"))
    index = {s: i for i, s in enumerate(strings)}
    types = sorted(classes + ["Ljava/lang/Object;", "V"], key=lambda s: index[s])
    type_index = {s: i for i, s in enumerate(types)}
    class_order = sorted(classes, key=lambda s: type_index[s])
    methods = class_order  # one method "m" per class, method_ids sorted by class type
    string_ids = 0x70
    type_ids = string_ids + len(strings) * 4
    proto_ids = type_ids + len(types) * 4
    method_ids = proto_ids + 12
    class_defs = method_ids + len(methods) * 8
    code = class_defs + len(class_order) * 32
    data = bytearray()
    code_offsets = []
    literal_ids = [index[w] for w in random.sample(sorted(words), 20000)]
    for number_in_dex, _ in enumerate(class_order):
        while (code + len(data)) % 4:
            data.append(0)
        insns = []
        if number_in_dex % 2500 == 0 and pairs:
            host, pin = pairs.pop()
            insns += const_string(index[host]) + const_string(index[pin])
        for _ in range(random.randint(20, 120)):
            op = random.random()
            if op < 0.3:
                insns += const_string(random.choice(literal_ids))
            elif op < 0.6:
                insns += [0x0012 | (random.randint(0, 15) << 12)]              # const/4
            elif op < 0.9:
                insns += [0x206e, random.randint(0, len(methods) - 1), 0x0010]  # invoke-virtual {v0, v1}
            else:
                insns += [0x000c]                                              # move-result-object v0
        insns.append(0x000e)                                                   # return-void
        code_offsets.append(code + len(data))
        data += struct.pack("<4H2I", 2, 0, 2, 0, 0, len(insns)) + struct.pack(f"<{len(insns)}H", *insns)
    class_data_start = code + len(data)
    class_data = []
    for i in range(len(class_order)):
        class_data.append(code + len(data))
        data += uleb(0) + uleb(0) + uleb(1) + uleb(0) + uleb(i) + uleb(9) + uleb(code_offsets[i])
    string_data = code + len(data)
    string_offsets = []
    for s in strings:
        string_offsets.append(code + len(data))
        data += uleb(len(s.encode("utf-16-le")) // 2) + s.encode() + b"\0"
    while (code + len(data)) % 4:
        data.append(0)
    map_offset = code + len(data)
    sections = [(0x0000, 1, 0), (0x0001, len(strings), string_ids), (0x0002, len(types), type_ids),
                (0x0003, 1, proto_ids), (0x0005, len(methods), method_ids), (0x0006, len(class_order), class_defs),
                (0x2001, len(class_order), code), (0x2000, len(class_order), class_data_start),
                (0x2002, len(strings), string_data), (0x1000, 1, map_offset)]
    data += struct.pack("<I", len(sections)) + b"".join(struct.pack("<HHII", t, 0, n, o) for t, n, o in sections)
    file_size = code + len(data)
    head = bytearray(b"dex\n035\0" + bytes(24))
    head += struct.pack("<6I", file_size, 0x70, 0x12345678, 0, 0, map_offset)
    head += struct.pack("<8I", len(strings), string_ids, len(types), type_ids, 1, proto_ids, 0, 0)
    head += struct.pack("<6I", len(methods), method_ids, len(class_order), class_defs, file_size - code, code)
    body = bytearray()
    body += b"".join(struct.pack("<I", o) for o in string_offsets)
    body += b"".join(struct.pack("<I", index[t]) for t in types)
    body += struct.pack("<3I", index["V"], type_index["V"], 0)
    body += b"".join(struct.pack("<HHI", type_index[c], 0, index["m"]) for c in methods)
    body += b"".join(struct.pack("<8I", type_index[c], 1, type_index["Ljava/lang/Object;"], 0, 0xFFFFFFFF, 0,
                                 class_data[i], 0) for i, c in enumerate(class_order))
    whole = head + body + data
    assert len(whole) == file_size
    whole[12:32] = hashlib.sha1(whole[32:]).digest()
    whole[8:12] = struct.pack("<I", zlib.adler32(bytes(whole[12:])))
    return bytes(whole)

for number in range(8):
    name = "classes.dex" if number == 0 else f"classes{number + 1}.dex"
    open(os.path.join(out, name), "wb").write(dex(number))
open(os.path.join(out, "lib/arm64-v8a/libbig.so"), "wb").write(random.randbytes(49_000_000))
PY
for dex in "$work"/add/classes*.dex; do
    dexdump -f "$dex" >"$work/dexdump.txt"
    grep -q "^string_ids_size *: [0-9]" "$work/dexdump.txt" || { echo "dexdump cannot read $dex" >&2; exit 1; }
done
(cd "$work/add" && zip -q -9 "$work/big.apk" classes*.dex && zip -q -0 "$work/big.apk" lib/arm64-v8a/libbig.so)
apk=$work/big.apk
echo "APK: $(stat -c %s "$apk") bytes; DEX inflated: $(cat "$work"/add/classes*.dex | wc -c) bytes in 8 files"
"$pinbench" scan "$apk" >"$work/scan.txt" || true
echo "scan finds $(grep -c 'pin sha256/' "$work/scan.txt") pin findings; the baseline $(unzip -p "$apk" 'classes*.dex' | strings | grep -c 'sha256/') sha256/ lines"
baseline="unzip -p '$apk' 'classes*.dex' | strings | grep sha256/"
for ((round = 1; round <= rounds; round++)); do
    /usr/bin/time -f "scan %e %M" "$pinbench" scan "$apk" >/dev/null 2>>"$work/times" || true
    /usr/bin/time -f "baseline %e %M" bash -c "$baseline >/dev/null" 2>>"$work/times"
    if [ -n "$other" ]; then
        /usr/bin/time -f "other-scan %e %M" "$other" scan "$apk" >/dev/null 2>>"$work/times" || true
    fi
done
if [ -n "$other" ]; then
    "$other" scan "$apk" --json >"$work/other.json" || true
    "$pinbench" scan "$apk" --json >"$work/this.json" || true
    cmp -s "$work/other.json" "$work/this.json" && echo "the two binaries' --json reports are the same, byte for byte" \
        || echo "the two binaries' --json reports DIFFER"
fi
cat "$work/times"
python3 - "$work/times" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    if line.startswith("Command exited"):
        continue
    name, seconds, kilobytes = line.split()
    runs.setdefault(name, []).append((float(seconds), int(kilobytes)))
for name, values in runs.items():
    times = sorted(v[0] for v in values)
    memory = sorted(v[1] / 1024 for v in values)
    print(f"{name}: median {statistics.median(times):.2f} s ({times[0]:.2f}-{times[-1]:.2f}), "
          f"peak RSS median {statistics.median(memory):.1f} MiB ({memory[0]:.1f}-{memory[-1]:.1f})")
PY
