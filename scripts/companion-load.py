#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Load benchmark of the table companion (issue 27, item 4; docs/companion.md, Load).

Phase 1: N phones on the live feed, each fetching the board picture at one of eight widths after
every push (with its code; fog off), while the umpire applies R actions a second for S seconds.
Checks that every page got every push in order (numbered, no gap, journal lines in order) and
every applied action, and reports the push latency (from the action leaving the umpire to its line
reaching a page) and the pictures' round trips.
Phase 2: one guest floods proposals as fast as the limits let it (the umpire declines each), while
another client reads GET /api/state in a loop: reports the state's median, and how long a
proposal takes with the journal as it is then and with an empty one (a proposal's check must
not grow with the journal).

Each phone, the umpire, the flooder and the reader connect from their own loopback address
(127.0.0.2, 127.0.0.3, ...), as phones on a club's network each have theirs: the limits per
address (docs/companion.md, Security) apply to each as they would at the table. With
--one-address every client of phase 1 connects from 127.0.0.1, as a table whose phones share the
club's router. A phone asks for the picture as the page does: after a push, at most once a second.

usage: scripts/companion-load.py build/bin/fortuna-cli [--pages 30] [--rate 10] [--seconds 30]
                                 [--flood-seconds 10] [--one-address] [--smoke]
Bounded: about seconds + flood-seconds + 10 s, and rate x seconds actions. Needs python3-websockets
(Debian). A measuring script: numbers vary with the machine; counts and order are checked.
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

WIDTHS = (320, 360, 390, 412, 768, 800, 1280, 1600)  # eight phones' and tablets' widths


ONE_ADDRESS = False  # --one-address: phase 1's clients all behind one router


def address(n, shared=False):
    """The n-th client's own loopback address: 127.0.0.2, 127.0.0.3, ... (127.0.0.1 when shared)."""
    return "127.0.0.1" if shared else "127.0.0.%d" % (2 + n)


async def http(port, method, path, body=None, code=None, source=None):
    """One request over its own connection (the server closes each): (status, headers text, body bytes)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0) if source else None)
    data = b"" if body is None else json.dumps(body).encode()
    head = "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: %d\r\n" % (method, path, port, len(data))
    if code:
        head += "Authorization: Bearer %s\r\n" % code
    if data:
        head += "Content-Type: application/json\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    header, _, payload = raw.partition(b"\r\n\r\n")
    status = int(header.split(b" ", 2)[1]) if header.startswith(b"HTTP/1.1 ") else 0
    return status, header.decode("latin-1"), payload


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def summary(values, *points):
    if not values:
        return {"count": 0}
    out = {"count": len(values), "median": round(1000 * statistics.median(values), 1)}
    for p in points:
        out["p%d" % p] = round(1000 * percentile(values, p), 1)
    out["max"] = round(1000 * max(values), 1)
    return out


class Phone:
    """A page on the live feed that fetches the board picture after each push, as the page does."""

    def __init__(self, index, width):
        self.index = index
        self.width = width
        self.source = address(index, ONE_ADDRESS)
        self.pushes = []      # push numbers in arrival order
        self.seen = {}        # journal seq -> arrival time
        self.gaps = 0
        self.out_of_order = 0
        self.last_seq = -1
        self.version = None   # the latest version pushed, for the picture
        self.wanted = asyncio.Event()
        self.pictures = []    # round trips
        self.picture_failures = []
        self.caches = {}
        self.last_picture = 0.0

    async def listen(self, port, origin, code, ready, stop):
        uri = "ws://127.0.0.1:%d/api/live" % port
        async with websockets.connect(uri, origin=origin, max_size=None, local_addr=(self.source, 0)) as socket:
            hello = json.loads(await socket.recv())
            last = hello["n"]
            if code:
                await socket.send(json.dumps({"type": "auth", "code": code}))
                last = json.loads(await socket.recv())["n"]
            if not ready.done():
                ready.set_result(True)
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
                    if line["seq"] <= self.last_seq:
                        self.out_of_order += 1
                    self.last_seq = max(self.last_seq, line["seq"])
                    self.seen.setdefault(line["seq"], now)
                self.version = message["version"]
                self.wanted.set()

    async def fetch_pictures(self, port, code, stop):
        # As the page: after a push, the picture of the latest version; one request at a time.
        while not stop.is_set():
            try:
                await asyncio.wait_for(self.wanted.wait(), 0.5)
            except asyncio.TimeoutError:
                continue
            self.wanted.clear()
            # As the page: at most one picture a second (resources/companion/app.js).
            since = time.monotonic() - self.last_picture
            if since < 1.0:
                await asyncio.sleep(1.0 - since)
            self.last_picture = time.monotonic()
            t0 = time.monotonic()
            status, header, payload = await http(port, "GET", "/api/board.png?width=%d&v=%s" % (self.width, self.version), code=code,
                                                 source=self.source)
            if status != 200 or not payload.startswith(b"\x89PNG"):
                self.picture_failures.append(status)
                continue
            self.pictures.append(time.monotonic() - t0)
            cache = next((line.split(":", 1)[1].strip() for line in header.split("\r\n") if line.lower().startswith("x-board-cache:")), "")
            self.caches[cache] = self.caches.get(cache, 0) + 1


async def proposals_timed(port, french, umpire, count, source_player, source_umpire):
    """Round trips of `count` proposals (each declined at once), one after another."""
    times, statuses = [], {}
    for k in range(count):
        t0 = time.monotonic()
        status, _, payload = await http(port, "POST", "/api/proposals",
                                        {"action": {"do": "formation", "unit": "F-I2", "to": "column"}},
                                        code=french, source=source_player)
        statuses[status] = statuses.get(status, 0) + 1
        if status == 201:
            times.append(time.monotonic() - t0)
            await http(port, "POST", "/api/proposals/%d/decline" % json.loads(payload)["id"], {}, code=umpire, source=source_umpire)
    return times, statuses


async def phase_pictures(served, pages, rate, seconds):
    port = served.port
    origin = "http://127.0.0.1:%d" % port
    codes = [served.codes["french"], served.codes["imperial"], None]  # a third each: players and spectators
    phones = [Phone(i, WIDTHS[i % len(WIDTHS)]) for i in range(pages)]
    umpire_source = address(pages, ONE_ADDRESS)
    stop = asyncio.Event()
    readies = [asyncio.get_running_loop().create_future() for _ in phones]
    tasks = [asyncio.create_task(p.listen(port, origin, codes[p.index % 3], readies[p.index], stop)) for p in phones]
    tasks += [asyncio.create_task(p.fetch_pictures(port, codes[p.index % 3], stop)) for p in phones]
    await asyncio.wait_for(asyncio.gather(*readies), 30)

    sent, replies, refused = {}, [], []
    started = time.monotonic()
    for k in range(int(rate * seconds)):
        due = started + k / rate
        await asyncio.sleep(max(0, due - time.monotonic()))
        # F-C1 rides back and forth: a legal move every time (out of phase, it is noted, not refused).
        action = {"do": "move", "unit": "F-C1", "to": {"x_mm": 1050, "y_mm": 1000 - 20 * (k % 2)}}
        t0 = time.monotonic()
        status, _, payload = await http(port, "POST", "/api/actions", action, code=served.codes["umpire"], source=umpire_source)
        replies.append(time.monotonic() - t0)
        if status != 200:
            refused.append((status, payload[:200].decode("utf-8", "replace")))
            continue
        sent[json.loads(payload)["applied"]["seq"]] = t0
    await asyncio.sleep(2)  # the last pushes and pictures in flight
    stop.set()
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - started

    delays, missing = [], 0
    for phone in phones:
        for seq, t0 in sent.items():
            if seq in phone.seen:
                delays.append(phone.seen[seq] - t0)
            else:
                missing += 1
    caches = {}
    for phone in phones:
        for kind, n in phone.caches.items():
            caches[kind] = caches.get(kind, 0) + n
    failures = [s for p in phones for s in p.picture_failures]
    return {
        "pages": pages, "rate_per_second": rate, "seconds": seconds, "elapsed_seconds": round(elapsed, 1),
        "actions_sent": int(rate * seconds), "actions_applied": len(sent), "refused": refused[:5],
        "deliveries_expected": len(sent) * pages, "deliveries_missing": missing,
        "push_gaps": sum(p.gaps for p in phones), "lines_out_of_order": sum(p.out_of_order for p in phones),
        "post_round_trip_ms": summary(replies, 95),
        "push_latency_ms": summary(delays, 95, 99),
        "pictures": {"fetched": sum(len(p.pictures) for p in phones), "failed": len(failures),
                     "failed_statuses": sorted(set(failures)), "x_board_cache": caches,
                     "round_trip_ms": summary([t for p in phones for t in p.pictures], 95)},
    }


async def phase_flood(served, seconds, first):
    """One guest floods proposals (the umpire declines each) while another reads the state in a loop."""
    port = served.port
    french, umpire = served.codes["french"], served.codes["umpire"]
    flooder, decliner, reader = address(first), address(first + 1), address(first + 2)
    stop = asyncio.Event()
    states, statuses, proposal_times, declines = [], {}, [], []

    async def flood():
        while not stop.is_set():
            t0 = time.monotonic()
            status, _, payload = await http(port, "POST", "/api/proposals", {"action": {"do": "formation", "unit": "F-I2", "to": "column"}},
                                            code=french, source=flooder)
            statuses[status] = statuses.get(status, 0) + 1
            if status == 201:
                proposal_times.append(time.monotonic() - t0)
                declines.append(asyncio.create_task(http(port, "POST", "/api/proposals/%d/decline" % json.loads(payload)["id"], {},
                                                         code=umpire, source=decliner)))
            elif status == 429:
                await asyncio.sleep(0.02)  # the limits say wait: try again at once after a breath

    async def read_state():
        # 25 reads a second: within the reader's own address's limit (40 a second), so that every
        # read is answered and timed rather than refused 429.
        started, k = time.monotonic(), 0
        while not stop.is_set():
            await asyncio.sleep(max(0, started + k / 25 - time.monotonic()))
            k += 1
            t0 = time.monotonic()
            status, _, _ = await http(port, "GET", "/api/state", source=reader)
            if status == 200:
                states.append(time.monotonic() - t0)
            else:
                statuses["state %d" % status] = statuses.get("state %d" % status, 0) + 1

    status, _, payload = await http(port, "GET", "/api/state", source=reader)
    lines = json.loads(payload)["version"] if status == 200 else None
    tasks = [asyncio.create_task(flood()), asyncio.create_task(read_state())]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks)
    await asyncio.gather(*declines)
    return {"seconds": seconds, "journal_lines": lines, "state_reads": len(states), "state_ms": summary(states, 95),
            "proposal_statuses": {str(k): v for k, v in statuses.items()}, "proposal_ms": summary(proposal_times, 95)}


async def measure(served, args):
    french, umpire = served.codes["french"], served.codes["umpire"]
    base = args.pages + 4
    # A proposal's round trip with the journal empty, before anything is applied.
    early, _ = await proposals_timed(served.port, french, umpire, args.proposals, address(base), address(base + 1))
    result = {"phase_pictures": await phase_pictures(served, args.pages, args.rate, args.seconds)}
    late, _ = await proposals_timed(served.port, french, umpire, args.proposals, address(base), address(base + 1))
    result["proposal_round_trip_ms"] = {"journal_0_lines": summary(early, 95), "journal_after_phase_1": summary(late, 95)}
    result["phase_flood"] = await phase_flood(served, args.flood_seconds, base + 2)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cli")
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--rate", type=float, default=10)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--flood-seconds", type=float, default=10)
    parser.add_argument("--proposals", type=int, default=10, help="timed one by one before and after phase 1")
    parser.add_argument("--smoke", action="store_true", help="a few pages for a few seconds: counts and order only")
    parser.add_argument("--one-address", action="store_true", help="phase 1's phones and umpire all from 127.0.0.1 (one router)")
    args = parser.parse_args()
    global ONE_ADDRESS
    ONE_ADDRESS = args.one_address
    if args.smoke:
        args.pages, args.rate, args.seconds, args.flood_seconds, args.proposals = 4, 5, 1.5, 0.5, 2
    if not 1 <= args.pages <= 200 or not 0 < args.rate <= 50 or not 0 < args.seconds <= 600 or not 0 < args.flood_seconds <= 120:
        parser.error("--pages 1-200, --rate up to 50, --seconds up to 600, --flood-seconds up to 120")
    served = Served(args.cli)
    try:
        result = asyncio.run(measure(served, args))
        code, _ = served.stop()
        result["server_exit"] = code
    finally:
        served.close()
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    result["one_address"] = args.one_address
    print(json.dumps(result, indent=2))
    one = result["phase_pictures"]
    ok = (one["deliveries_missing"] == 0 and one["push_gaps"] == 0 and one["lines_out_of_order"] == 0 and not one["refused"]
          and one["pictures"]["failed"] == 0 and one["pictures"]["fetched"] > 0 and result["phase_flood"]["state_reads"] > 0
          and result["server_exit"] == 0)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
