#!/usr/bin/env python3
"""Times `pinbench inspect` against servers that misbehave on purpose, all on 127.0.0.1.

Usage: scripts/hostile-servers.py [PINBENCH] [--timeout SECONDS] [--runs N]

Each server below listens on 127.0.0.1 (a port the system picks) and behaves badly in one way. For each, the
script runs `PINBENCH inspect hostile.pinbench.test --connect 127.0.0.1:PORT --timeout T` N times and prints the
median and worst wall time, the exit status and the first line of stderr. A deadline that holds shows as a worst
time close to T; a clean failure as exit 2 with a reason in words. The figures go into RELIABILITY.md.

Only the Python standard library and the `openssl` command line (for the TLS cases) are needed.
"""
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HOST = "127.0.0.1"


class Listener:
    """A TCP listener on 127.0.0.1 whose connections are handled by `behaviour(connection)` on threads."""

    def __init__(self, behaviour):
        self.behaviour = behaviour
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind((HOST, 0))
        self.socket.listen(64)
        self.port = self.socket.getsockname()[1]
        self.stopped = False
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while not self.stopped:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            threading.Thread(target=self.handle, args=(connection,), daemon=True).start()

    def handle(self, connection):
        try:
            self.behaviour(connection)
        except OSError:
            pass
        finally:
            try:
                connection.close()
            except OSError:
                pass

    def stop(self):
        self.stopped = True
        self.socket.close()


def silent(connection):
    """Accepts and never answers."""
    connection.recv(65536)
    time.sleep(60)


def reset(connection):
    """Reads the ClientHello, then resets (RST)."""
    connection.recv(65536)
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")


def hang_up(connection):
    """Reads the ClientHello, then closes without a word."""
    connection.recv(65536)


def plain_http(connection):
    """Answers like a plain HTTP server, with an escape sequence in its banner."""
    connection.recv(65536)
    connection.sendall(b"HTTP/1.1 400 Bad Request\r\nServer: \x1b]0;owned\x07evil\r\n\r\n")


def drip(connection):
    """A TLS handshake record header promising 16 KiB, then one byte every 200 ms (a slow loris)."""
    connection.recv(65536)
    connection.sendall(b"\x16\x03\x03\x40\x00")
    for _ in range(600):
        connection.sendall(b"\x02")
        time.sleep(0.2)


def garbage(connection):
    """Answers with 64 KiB of bytes that are no protocol at all."""
    connection.recv(65536)
    connection.sendall(os.urandom(65536))


def endless_records(connection):
    """A stream of well-formed but empty-payload TLS handshake records, as fast as the client reads them."""
    connection.recv(65536)
    record = b"\x16\x03\x03\x00\x04\x00\x00\x00\x00"
    for _ in range(2_000_000):
        connection.sendall(record * 64)


class OpenSSLServer:
    """`openssl s_server` on 127.0.0.1 with the given certificate files, for the chain-shaped cases."""

    def __init__(self, folder, cert, key, chain=None):
        probe = socket.socket()
        probe.bind((HOST, 0))
        self.port = probe.getsockname()[1]
        probe.close()
        command = ["openssl", "s_server", "-quiet", "-accept", f"{HOST}:{self.port}", "-cert", cert, "-key", key]
        if chain:
            command += ["-cert_chain", chain]
        self.process = subprocess.Popen(command, cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection((HOST, self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("openssl s_server did not start")

    def stop(self):
        self.process.kill()
        self.process.wait()


def openssl(*arguments, cwd):
    subprocess.run(["openssl", *arguments], cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def make_huge_chain(folder, count):
    """A leaf for hostile.pinbench.test plus `count` distinct self-signed CA certificates as its 'chain'."""
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "leaf.key",
            "-out", "leaf.pem", "-subj", "/CN=hostile.pinbench.test", "-addext",
            "subjectAltName=DNS:hostile.pinbench.test", "-days", "30", cwd=folder)
    with open(os.path.join(folder, "filler.pem"), "w") as chain:
        for index in range(count):
            openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                    "f.key", "-out", "f.pem", "-subj", f"/CN=Filler CA {index}", "-days", "30", cwd=folder)
            with open(os.path.join(folder, "f.pem")) as one:
                chain.write(one.read())
    return "leaf.pem", "leaf.key", "filler.pem"


def make_cross_signed_mesh(folder, curve, entities=10, per_entity=3):
    """A leaf plus entities x per_entity CA certificates that share one subject and cross-sign each other (the
    shape of Tests/TestSupport/CrossSignedMesh.swift): each CA key has a self-signed certificate and more signed by
    the next keys, so every step of path building has several valid issuers and no anchor ends the search."""
    with open(os.path.join(folder, "mesh.ext"), "w") as extensions:
        extensions.write("basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n")
    with open(os.path.join(folder, "mesh-leaf.ext"), "w") as extensions:
        extensions.write("subjectAltName=DNS:hostile.pinbench.test\n")
    subject = "/O=Hostile/CN=PinBench Cross-Signed CA"
    for index in range(entities):
        openssl("ecparam", "-name", curve, "-genkey", "-noout", "-out", f"mesh{index}.key", cwd=folder)
        openssl("req", "-new", "-key", f"mesh{index}.key", "-subj", subject, "-out", f"mesh{index}.csr", cwd=folder)
        openssl("x509", "-req", "-in", f"mesh{index}.csr", "-signkey", f"mesh{index}.key", "-set_serial",
                str(index + 1), "-days", "30", "-extfile", "mesh.ext", "-out", f"mesh{index}-self.pem", cwd=folder)
    serial = 100
    with open(os.path.join(folder, "mesh.pem"), "w") as chain:
        for index in range(entities):
            with open(os.path.join(folder, f"mesh{index}-self.pem")) as one:
                chain.write(one.read())
        for step in range(1, per_entity):
            for index in range(entities):
                signer = (index + step) % entities
                serial += 1
                openssl("x509", "-req", "-in", f"mesh{index}.csr", "-CA", f"mesh{signer}-self.pem", "-CAkey",
                        f"mesh{signer}.key", "-set_serial", str(serial), "-days", "30", "-extfile", "mesh.ext",
                        "-out", "cross.pem", cwd=folder)
                with open(os.path.join(folder, "cross.pem")) as one:
                    chain.write(one.read())
    openssl("ecparam", "-name", curve, "-genkey", "-noout", "-out", "mesh-leaf.key", cwd=folder)
    openssl("req", "-new", "-key", "mesh-leaf.key", "-subj", "/CN=hostile.pinbench.test", "-out", "mesh-leaf.csr",
            cwd=folder)
    openssl("x509", "-req", "-in", "mesh-leaf.csr", "-CA", "mesh0-self.pem", "-CAkey", "mesh0.key", "-set_serial",
            "1000", "-days", "30", "-extfile", "mesh-leaf.ext", "-out", "mesh-leaf.pem", cwd=folder)
    return "mesh-leaf.pem", "mesh-leaf.key", "mesh.pem"


def time_inspect(pinbench, port, timeout, runs):
    times, statuses, first_lines = [], set(), set()
    for _ in range(runs):
        start = time.monotonic()
        result = subprocess.run([pinbench, "inspect", "hostile.pinbench.test", "--connect", f"{HOST}:{port}",
                                 "--timeout", str(timeout), "--no-system-trust"],
                                stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout * 20 + 30)
        times.append(time.monotonic() - start)
        statuses.add(result.returncode)
        text = [line for line in (result.stderr + result.stdout).decode("utf-8", "replace").splitlines()
                if line.strip() and not line.startswith("note: ")]
        # The error, else the verdict's line, else the first line.
        chosen = next((line for line in text if line.startswith("error:")), None) or next(
            (line.strip() for line in text if "rejected" in line or "accepted" in line), None)
        chosen = chosen or (text[0] if text else "")
        # What a server said varies from run to run (random bytes): keep the start of it only.
        if "it answered: " in chosen:
            chosen = chosen[:chosen.index("it answered: ") + len("it answered: ") + 12] + "…"
        first_lines.add(chosen[:150])
        raw = result.stdout + result.stderr
        if b"\x1b" in raw or b"\x07" in raw:
            first_lines.add("!! RAW CONTROL BYTES IN OUTPUT")
        try:
            raw.decode("utf-8", "strict")
        except UnicodeDecodeError:
            first_lines.add("!! OUTPUT IS NOT UTF-8 (raw bytes from the server?)")
    return times, statuses, first_lines


def main():
    arguments = sys.argv[1:]
    pinbench = ".build/release/pinbench"
    timeout, runs = 2.0, 5
    while arguments:
        argument = arguments.pop(0)
        if argument == "--timeout":
            timeout = float(arguments.pop(0))
        elif argument == "--runs":
            runs = int(arguments.pop(0))
        else:
            pinbench = argument
    cases = [
        ("silent after accept", lambda: Listener(silent)),
        ("reset after ClientHello", lambda: Listener(reset)),
        ("hang-up after ClientHello", lambda: Listener(hang_up)),
        ("plain HTTP with ESC in banner", lambda: Listener(plain_http)),
        ("slow loris (1 byte / 200 ms)", lambda: Listener(drip)),
        ("64 KiB of random bytes", lambda: Listener(garbage)),
        ("endless empty handshake records", lambda: Listener(endless_records)),
    ]
    with tempfile.TemporaryDirectory(prefix="pinbench-hostile-") as folder:
        cert, key, chain = make_huge_chain(folder, 150)
        cases.append(("150-certificate chain", lambda: OpenSSLServer(folder, cert, key, chain)))
        for curve, name in (("prime256v1", "P-256"), ("secp521r1", "P-521")):
            mesh_folder = os.path.join(folder, name)
            os.makedirs(mesh_folder)
            mesh = make_cross_signed_mesh(mesh_folder, curve)
            cases.append((f"leaf + 30 cross-signed CAs, {name}",
                          lambda mesh=mesh, mesh_folder=mesh_folder: OpenSSLServer(mesh_folder, *mesh)))
        print(f"pinbench inspect --timeout {timeout:g}, {runs} runs each, on 127.0.0.1")
        print(f"{'server':34} {'median s':>9} {'worst s':>8} {'exit':>5}  first line of output")
        for name, start in cases:
            server = start()
            try:
                times, statuses, lines = time_inspect(pinbench, server.port, timeout, runs)
            finally:
                server.stop()
            status = ",".join(str(s) for s in sorted(statuses))
            print(f"{name:34} {statistics.median(times):9.2f} {max(times):8.2f} {status:>5}  {' | '.join(sorted(lines))}")


if __name__ == "__main__":
    main()
