"""Posts reports to a collector from many threads for a bounded time and prints, one per line, the app version of
every report the collector acknowledged (200). Each thread posts its own versions, some twice (a duplicate is
counted, not stored again); a second of connection errors in a row (the collector killed) ends a thread's work.

Usage: soak_client.py URL BODY_TEMPLATE_FILE THREADS SECONDS [MINIMUM]
The template is a JSON report whose "app-version" is replaced per request. With MINIMUM, each thread goes on past
SECONDS until it has posted that many (for at most two more minutes): a loaded machine posts few in SECONDS."""
import http.client
import json
import sys
import threading
import time
import urllib.parse
import uuid

url, template_file, threads, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
minimum = int(sys.argv[5]) if len(sys.argv) > 5 else 0
template = json.load(open(template_file))
parts = urllib.parse.urlsplit(url)
acknowledged = []
lock = threading.Lock()
stop_at = time.monotonic() + seconds
hard_stop = stop_at + 120


def worker(number):
    connection = None
    sent = 0
    failures = 0
    while time.monotonic() < stop_at or (sent < minimum and time.monotonic() < hard_stop):
        version = f"soak-{number}-{sent // 2}"  # every version posted twice
        sent += 1
        body = dict(template)
        body["app-version"] = version
        # Each post its own body (as each device's is): a byte-for-byte replay would be counted once.
        body["app-vendor-id"] = str(uuid.uuid4())
        data = json.dumps(body).encode()
        try:
            if connection is None:
                connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
            connection.request("POST", "/report", body=data, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            if response.status == 200:
                with lock:
                    acknowledged.append(version)
        except (OSError, http.client.HTTPException):
            connection = None
            failures += 1
            # A second of failures in a row: the collector is gone (killed), so this thread's work is over.
            if failures >= 20:
                return
            time.sleep(0.05)
            continue
        failures = 0


workers = [threading.Thread(target=worker, args=(n,)) for n in range(threads)]
for w in workers:
    w.start()
for w in workers:
    w.join()
print("\n".join(acknowledged))
