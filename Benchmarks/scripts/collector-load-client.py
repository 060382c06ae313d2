#!/usr/bin/env python3
"""The load for collector-load.sh: POSTs pin-failure reports shaped as a flood (most share a few chains, some are
unique) over keep-alive connections for a bounded time, and prints one JSON line: requests answered 200, other
answers, errors, and the latency of each 200 (p50, p99, in ms).

Usage: collector-load-client.py HOST PORT BODIES_FILE SECONDS CONNECTIONS PROCESSES
BODIES_FILE is a JSON object {"shared": [body, ...], "unique": [body, ...], "unique_share": 0.1}."""
import asyncio
import json
import multiprocessing
import random
import sys
import time


def requests(bodies, seed):
    rng = random.Random(seed)
    shared = [b.encode() for b in bodies["shared"]]
    unique = [b.encode() for b in bodies["unique"]]
    share = bodies["unique_share"]
    while True:
        body = rng.choice(unique) if rng.random() < share else rng.choice(shared)
        # Each post from a device of its own (its own app-vendor-id), as in a real flood: the same bytes posted again
        # would be a replay, acknowledged and counted once.
        body = body.replace(b'"app-vendor-id": "vendor"', b'"app-vendor-id": "%032x"' % rng.getrandbits(128), 1)
        yield (b"POST /report HTTP/1.1\r\nHost: collector\r\nContent-Type: application/json\r\nContent-Length: "
               + str(len(body)).encode() + b"\r\n\r\n" + body)


async def connection(host, port, source, stop_at, stats):
    reader, writer = await asyncio.open_connection(host, port)
    try:
        while time.monotonic() < stop_at:
            request = next(source)
            started = time.perf_counter()
            writer.write(request)
            await writer.drain()
            status_line = await reader.readline()
            if not status_line:
                stats["errors"] += 1
                return
            status = int(status_line.split()[1])
            length = 0
            while True:
                line = await reader.readline()
                if line in (b"\r\n", b""):
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            await reader.readexactly(length)
            if status == 200:
                stats["ok"] += 1
                stats["latencies"].append(time.perf_counter() - started)
            else:
                stats["other"] += 1
                stats["statuses"][status] = stats["statuses"].get(status, 0) + 1
    except (OSError, asyncio.IncompleteReadError, ValueError):
        stats["errors"] += 1
    finally:
        writer.close()


def run(args):
    host, port, bodies, seconds, connections, seed, queue = args
    stats = {"ok": 0, "other": 0, "errors": 0, "latencies": [], "statuses": {}}
    source = requests(bodies, seed)

    async def main():
        stop_at = time.monotonic() + seconds
        await asyncio.gather(*(connection(host, port, source, stop_at, stats) for _ in range(connections)))

    asyncio.run(main())
    queue.put(stats)


def main():
    host, port, bodies_file, seconds, connections, processes = sys.argv[1:7]
    bodies = json.load(open(bodies_file))
    queue = multiprocessing.Queue()
    workers = [multiprocessing.Process(target=run, args=((host, int(port), bodies, float(seconds),
                                                          int(connections), seed, queue),))
               for seed in range(int(processes))]
    started = time.monotonic()
    for w in workers:
        w.start()
    results = [queue.get() for _ in workers]
    for w in workers:
        w.join()
    elapsed = time.monotonic() - started
    latencies = sorted(l for r in results for l in r["latencies"])
    ok = sum(r["ok"] for r in results)

    def percentile(p):
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000 if latencies else None

    statuses = {}
    for r in results:
        for code, count in r["statuses"].items():
            statuses[code] = statuses.get(code, 0) + count
    print(json.dumps({"ok": ok, "per_second": ok / float(seconds), "elapsed": elapsed,
                      "other": sum(r["other"] for r in results), "statuses": statuses,
                      "errors": sum(r["errors"] for r in results), "p50_ms": percentile(0.50),
                      "p99_ms": percentile(0.99)}))


if __name__ == "__main__":
    main()
