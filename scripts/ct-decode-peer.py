#!/usr/bin/env python3
"""The CT watch benchmark's peer: decode CT log entries and match their DNS names, with `cryptography`.

Reads the file pinbench-bench writes: the pinned hosts (one line each), a blank line, then entries as a 4-byte
big-endian length and an RFC 6962 MerkleTreeLeaf. A precertificate's TBSCertificate is wrapped in a certificate with
a placeholder signature so the X.509 parser reads it, as PinBench does. Prints the entries that name a pinned host
(exact, or a wildcard one label above it) and the seconds the loop took.
"""
import struct
import sys
import time

from cryptography import x509

PLACEHOLDER = bytes.fromhex("300d06092a864886f70d01010b0500") + bytes.fromhex("030100")


def der_length(n):
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def main(path):
    data = open(path, "rb").read()
    head, _, rest = data.partition(b"\n\n")
    hosts = set(head.decode().split("\n"))
    parents = {h.split(".", 1)[1] for h in hosts if "." in h}
    entries = []
    offset = 0
    while offset < len(rest):
        (length,) = struct.unpack(">I", rest[offset : offset + 4])
        entries.append(rest[offset + 4 : offset + 4 + length])
        offset += 4 + length
    start = time.perf_counter()
    matched = 0
    for leaf in entries:
        entry_type = struct.unpack(">H", leaf[10:12])[0]
        if entry_type == 0:
            length = int.from_bytes(leaf[12:15], "big")
            der = leaf[15 : 15 + length]
        else:
            length = int.from_bytes(leaf[44:47], "big")
            tbs = leaf[47 : 47 + length]
            body = tbs + PLACEHOLDER
            der = b"\x30" + der_length(len(body)) + body
        certificate = x509.load_der_x509_certificate(der)
        try:
            names = certificate.extensions.get_extension_for_class(
                x509.SubjectAlternativeName
            ).value.get_values_for_type(x509.DNSName)
        except x509.ExtensionNotFound:
            names = []
        for name in names:
            name = name.lower()
            if name in hosts or (name.startswith("*.") and name[2:] in parents):
                matched += 1
                break
    elapsed = time.perf_counter() - start
    print(f"{matched} {elapsed:.6f}")


if __name__ == "__main__":
    main(sys.argv[1])
