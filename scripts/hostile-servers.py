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


def make_cross_signed_chain(folder, count, curve):
    """A leaf plus `count` CA certificates that share one name and one key, each able to issue every other:
    path building that tries every order faces count! candidate paths."""
    openssl("ecparam", "-name", curve, "-genkey", "-noout", "-out", "ca.key", cwd=folder)
    with open(os.path.join(folder, "ca.ext"), "w") as extensions:
        extensions.write("basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n")
    with open(os.path.join(folder, "leaf.ext"), "w") as extensions:
        extensions.write("subjectAltName=DNS:hostile.pinbench.test\n")
    openssl("req", "-new", "-key", "ca.key", "-subj", "/CN=Cross-signed CA", "-out", "ca.csr", cwd=folder)
    with open(os.path.join(folder, "cross.pem"), "w") as chain:
        for index in range(count):
            openssl("x509", "-req", "-in", "ca.csr", "-signkey", "ca.key", "-set_serial", str(index + 1), "-days",
                    "30", "-extfile", "ca.ext", "-out", "ca.pem", cwd=folder)
            with open(os.path.join(folder, "ca.pem")) as one:
                chain.write(one.read())
    openssl("ecparam", "-name", curve, "-genkey", "-noout", "-out", "cross-leaf.key", cwd=folder)
    openssl("req", "-new", "-key", "cross-leaf.key", "-subj", "/CN=hostile.pinbench.test", "-out", "leaf.csr",
            cwd=folder)
    openssl("x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", "1000", "-days",
            "30", "-extfile", "leaf.ext", "-out", "cross-leaf.pem", cwd=folder)
    return "cross-leaf.pem", "cross-leaf.key", "cross.pem"


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
        first_lines.add(text[0][:150] if text else "")
        raw = result.stdout + result.stderr
        if b"\x1b" in raw or b"\x07" in raw:
            first_lines.add("!! RAW CONTROL BYTES IN OUTPUT")
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
        cross = make_cross_signed_chain(folder, 30, "prime256v1")
        cases.append(("leaf + 30 cross-signed CAs, P-256", lambda: OpenSSLServer(folder, *cross)))
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
