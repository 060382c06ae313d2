#!/usr/bin/env python3
"""The floor for collector-load.sh: a store-only collector a team would write in an afternoon. http.server (threaded)
takes each POST, checks it is a JSON object, and inserts it into SQLite (WAL, synchronous=FULL) in a transaction of
its own before answering 200. No judging, no deduplication, no bounds.

Usage: collector-baseline.py DATABASE   (listens on 127.0.0.1, a free port, and prints "listening PORT")"""
import json
import sqlite3
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

database = sys.argv[1]
lock = threading.Lock()
connection = sqlite3.connect(database, check_same_thread=False, isolation_level=None)
connection.execute("PRAGMA journal_mode=WAL")
connection.execute("PRAGMA synchronous=FULL")
connection.execute("CREATE TABLE IF NOT EXISTS reports (id INTEGER PRIMARY KEY, received REAL, body TEXT)")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            if not isinstance(json.loads(body), dict):
                raise ValueError
        except ValueError:
            self.answer(400, b"not a report\n")
            return
        with lock:
            connection.execute("BEGIN")
            connection.execute("INSERT INTO reports (received, body) VALUES (strftime('%s','now'), ?)",
                               (body.decode(),))
            connection.execute("COMMIT")
        self.answer(200, b"stored\n")

    def answer(self, status, text):
        self.send_response(status)
        self.send_header("Content-Length", str(len(text)))
        self.end_headers()
        self.wfile.write(text)

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(f"listening {server.server_address[1]}", flush=True)
server.serve_forever()
