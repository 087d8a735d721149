#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Load measurement of the table companion (docs/companion.md, Load): N pages on the live feed,
R actions a second from the umpire's code for S seconds on loopback; checks that every page got
every push (numbered, no gap) and every applied action, and reports the delays.

usage: scripts/companion-load.py build/bin/fortuna-cli [--pages 30] [--rate 10] [--seconds 60]
Needs python3-websockets (Debian). A measuring script, not a test: numbers vary with the machine.
"""
import argparse
import asyncio
import json
import os
import statistics
import sys
import time

import websockets

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "companion"))
from companion_server import Served  # noqa: E402


class Listener:
    def __init__(self, index):
        self.index = index
        self.pushes = []  # push numbers in arrival order
        self.seen = {}    # journal seq -> arrival time
        self.gaps = 0

    async def run(self, uri, origin, code, ready, stop):
        async with websockets.connect(uri, origin=origin, max_size=None) as socket:
            hello = json.loads(await socket.recv())
            last = hello["n"]
            if code:
                await socket.send(json.dumps({"type": "auth", "code": code}))
                last = json.loads(await socket.recv())["n"]
            ready.set_result(True) if not ready.done() else None
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(socket.recv(), 0.5)
                except asyncio.TimeoutError:
                    continue
                now = time.monotonic()
                message = json.loads(text)
                if message.get("type") != "update":
                    continue
                if message["n"] != last + 1:
                    self.gaps += 1
                last = message["n"]
                self.pushes.append(message["n"])
                for line in message["journal"]:
                    self.seen.setdefault(line["seq"], now)


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


async def measure(served, pages, rate, seconds):
    uri = "ws://127.0.0.1:%d/api/live" % served.port
    origin = "http://127.0.0.1:%d" % served.port
    codes = [served.codes["french"], served.codes["imperial"], None]  # a third each: players and spectators
    listeners = [Listener(i) for i in range(pages)]
    stop = asyncio.Event()
    readies = [asyncio.get_running_loop().create_future() for _ in listeners]
    tasks = [asyncio.create_task(l.run(uri, origin, codes[l.index % 3], readies[l.index], stop)) for l in listeners]
    await asyncio.wait_for(asyncio.gather(*readies), 30)

    sent, replies, refused = {}, [], []
    started = time.monotonic()
    for k in range(int(rate * seconds)):
        due = started + k / rate
        await asyncio.sleep(max(0, due - time.monotonic()))
        # F-C1 rides back and forth: a legal move every time (out of phase, it is noted, not refused).
        action = {"do": "move", "unit": "F-C1", "to": {"x_mm": 1050, "y_mm": 1000 - 20 * (k % 2)}}
        t0 = time.monotonic()
        status, body, _ = await asyncio.to_thread(served.request, "POST", "/api/actions", action, served.codes["umpire"])
        t1 = time.monotonic()
        replies.append(t1 - t0)
        if status != 200:
            refused.append((status, body))
            continue
        sent[body["applied"]["seq"]] = t0
    await asyncio.sleep(2)  # the last pushes in flight
    stop.set()
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - started

    delays, missing = [], 0
    for listener in listeners:
        for seq, t0 in sent.items():
            if seq in listener.seen:
                delays.append(listener.seen[seq] - t0)
            else:
                missing += 1
    return {
        "pages": pages, "rate_per_second": rate, "seconds": seconds, "elapsed_seconds": round(elapsed, 1),
        "actions_sent": int(rate * seconds), "actions_applied": len(sent), "refused": refused[:5],
        "deliveries_expected": len(sent) * pages, "deliveries_missing": missing,
        "push_gaps": sum(l.gaps for l in listeners),
        "post_round_trip_ms": {"median": round(1000 * statistics.median(replies), 1), "p95": round(1000 * percentile(replies, 95), 1),
                               "max": round(1000 * max(replies), 1)},
        "action_to_page_ms": {"median": round(1000 * statistics.median(delays), 1), "p95": round(1000 * percentile(delays, 95), 1),
                              "p99": round(1000 * percentile(delays, 99), 1), "max": round(1000 * max(delays), 1)},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cli")
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--rate", type=float, default=10)
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args()
    served = Served(args.cli)
    try:
        result = asyncio.run(measure(served, args.pages, args.rate, args.seconds))
        code, _ = served.stop()
        result["server_exit"] = code
    finally:
        served.close()
    print(json.dumps(result, indent=2))
    ok = result["deliveries_missing"] == 0 and result["push_gaps"] == 0 and not result["refused"] and result["server_exit"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
