#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""API tests of the table companion against `fortuna-cli serve` on 127.0.0.1 (docs/companion.md).

usage: test_api.py PATH/TO/fortuna-cli
"""
import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import unittest

import websockets
import websockets.exceptions

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from companion_server import Served  # noqa: E402

CLI = None


def raw_exchange(served, data, timeout=10):
    """Sends bytes as they are (no client library to tidy them) and returns every byte of the answer."""
    with socket.create_connection((served.host, served.port), timeout=timeout) as s:
        s.sendall(data)
        reply = b""
        try:
            while chunk := s.recv(65536):
                reply += chunk
        except (ConnectionResetError, socket.timeout):
            pass
    return reply


def status_of(reply):
    return int(reply.split(b" ", 2)[1]) if reply.startswith(b"HTTP/1.1 ") else None


def body_of(reply):
    return json.loads(reply.split(b"\r\n\r\n", 1)[1])


class ServedTestCase(unittest.TestCase):
    """One `fortuna-cli serve` for the class, with its three codes."""

    @classmethod
    def setUpClass(cls):
        cls.served = Served(CLI)
        cls.umpire = cls.served.codes["umpire"]
        cls.french = cls.served.codes["french"]
        cls.imperial = cls.served.codes["imperial"]

    @classmethod
    def tearDownClass(cls):
        cls.served.close()

    def version(self):
        status, state, _ = self.served.request("GET", "/api/state")
        self.assertEqual(status, 200)
        return state["version"]


class CompanionApi(ServedTestCase):

    def test_01_first_line_has_url_and_a_code_per_side_and_umpire(self):
        self.assertTrue(self.served.url.startswith("http://127.0.0.1:"))
        self.assertEqual(sorted(self.served.codes), ["french", "imperial", "umpire"])
        codes = list(self.served.codes.values())
        self.assertEqual(len(set(codes)), 3)
        for code in codes:
            # 16 symbols of Crockford's base 32 = 80 bits, in groups of four.
            self.assertRegex(code, r"^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$")

    def test_02_page_and_only_the_page(self):
        status, body, response = self.served.request("GET", "/")
        self.assertEqual(status, 200)
        self.assertIn(b"table companion", body)
        self.assertIn("default-src 'self'", response.getheader("Content-Security-Policy"))
        for path in ("/app.js", "/style.css"):
            self.assertEqual(self.served.request("GET", path)[0], 200, path)
        for path in ("/../CMakeLists.txt", "/%2e%2e/etc/passwd", "/etc/passwd", "/index.html/../app.js", "//app.js", "/companion.qrc"):
            status, body, _ = self.served.request("GET", path)
            self.assertEqual(status, 404, path)
            self.assertIn("error", body)

    def test_03_public_state(self):
        status, state, _ = self.served.request("GET", "/api/state")
        self.assertEqual(status, 200)
        self.assertEqual(state["turn"], 1)
        self.assertEqual(state["clock"], "12:15")
        self.assertEqual(state["phase"], {"id": "a", "name": "Rout and disruption removal"})
        self.assertNotIn("seed", state)  # the seed would tell the generated rolls in advance
        french = state["sides"][0]
        self.assertEqual((french["id"], french["bases_start"], french["bases_lost"]), ("french", 14, 0))
        # 15..40% of 14 bases, rounded up as the rule set says: 3, 3, 4, 5, 5, 6 (sauve-qui-peut at 40%).
        self.assertEqual([t["bases"] for t in french["thresholds"]], [3, 3, 4, 5, 5, 6, 7, 7, 8, 9, 10, 10, 11, 12, 12, 13, 14, 14])
        self.assertTrue(french["thresholds"][-1]["immediate"])

    def test_04_bad_requests_are_refused_and_nothing_applied(self):
        before = self.version()
        cases = [
            ("no code", 401, dict(body={"do": "end-phase"})),
            ("unknown code", 401, dict(body={"do": "end-phase"}, code="0000-0000-0000-0000")),
            ("malformed JSON", 400, dict(raw=b'{"do": "end-phase"', code=self.umpire)),
            ("not an object", 400, dict(raw=b'["end-phase"]', code=self.umpire)),
            ("empty body", 400, dict(raw=b"", code=self.umpire)),
            ("oversized body", 413, dict(raw=b'{"note": "' + b"x" * 20000 + b'"}', code=self.umpire)),
            ("unknown unit (umpire)", 409, dict(body={"do": "rally", "unit": "X-99"}, code=self.umpire)),
            ("unknown unit (player)", 400, dict(body={"do": "rally", "unit": "X-99"}, code=self.french)),
            ("enemy's unit", 403, dict(body={"do": "rally", "unit": "I-I1"}, code=self.french)),
            ("umpire's bookkeeping", 403, dict(body={"do": "end-phase"}, code=self.french)),
            ("own entered roll", 403, dict(body={"do": "combat", "attacker": "F-I1", "defender": "I-I1", "roll": 6}, code=self.french)),
            ("unknown action", 409, dict(body={"do": "teleport"}, code=self.umpire)),
        ]
        for name, expected, kwargs in cases:
            status, body, _ = self.served.request("POST", "/api/actions", **kwargs)
            self.assertEqual(status, expected, name + ": " + json.dumps(body))
            self.assertIsInstance(body.get("error"), str, name)
            self.assertTrue(body["error"], name)
        self.assertEqual(self.version(), before)

    def test_05_raw_protocol_errors(self):
        def raw(data):
            return status_of(raw_exchange(self.served, data))
        self.assertEqual(raw(b"GARBAGE\r\n\r\n"), 400)
        self.assertEqual(raw(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Pad: " + b"a" * 9000 + b"\r\n\r\n"), 431)
        # Refused from the header alone: the 10 MB body is never sent, let alone stored.
        self.assertEqual(raw(b"POST /api/actions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10000000\r\n\r\n"), 413)
        self.assertEqual(raw(b"POST /api/actions HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"), 501)
        self.assertEqual(raw(b"GET /api/state HTTP/1.1\r\nHost: attacker.example\r\n\r\n"), 403)

    def test_06_umpire_applies_and_the_feed_pushes_it(self):
        async def scenario():
            uri = "ws://127.0.0.1:%d/api/live" % self.served.port
            origin = "http://127.0.0.1:%d" % self.served.port
            with self.assertRaises(websockets.exceptions.InvalidStatusCode) as refused:
                await websockets.connect(uri, origin="http://evil.example")
            self.assertEqual(refused.exception.status_code, 403)
            async with websockets.connect(uri, origin=origin) as spectator:
                hello = json.loads(await spectator.recv())
                self.assertEqual(hello["type"], "hello")
                self.assertEqual(hello["snapshot"]["role"], "spectator")
                self.assertNotIn("units", hello["snapshot"])
                status, body, _ = await asyncio.to_thread(self.served.request, "POST", "/api/actions", {"do": "end-phase"}, self.umpire)
                self.assertEqual(status, 200)
                self.assertEqual(body["applied"]["do"], "end-phase")
                self.assertEqual(body["by"], "umpire")
                update = json.loads(await asyncio.wait_for(spectator.recv(), 1.0))
                self.assertEqual(update["type"], "update")
                self.assertEqual(update["n"], hello["n"] + 1)
                self.assertEqual(update["state"]["phase"]["id"], "b")
                self.assertEqual(update["journal"][-1]["by"], "umpire")
                self.assertEqual(update["journal"][-1]["seq"], body["applied"]["seq"])
                # A player's page sees its own units only, after auth on the socket.
                await spectator.send(json.dumps({"type": "auth", "code": self.french.lower()}))
                again = json.loads(await spectator.recv())
                self.assertEqual(again["snapshot"]["role"], "player")
                self.assertEqual(sorted(again["snapshot"]["units"]), ["french"])
                self.assertEqual([u["code"] for u in again["snapshot"]["units"]["french"]], ["F-I1", "F-I2", "F-C1", "F-A1"])
                await spectator.send("{not json")
                error = json.loads(await spectator.recv())
                self.assertEqual((error["type"], error["status"]), ("error", 400))
                await spectator.send(json.dumps({"type": "auth", "code": "x" * 5000}))
                with self.assertRaises(websockets.exceptions.ConnectionClosed):
                    await asyncio.wait_for(spectator.recv(), 2.0)  # over the 4 KiB message limit: closed
        asyncio.run(scenario())

    def test_07_a_player_rolls_for_a_pending_combat(self):
        umpire, french, imperial = self.umpire, self.french, self.imperial
        combat = {"do": "combat", "attacker": "F-I1", "defender": "I-I1"}
        status, _, _ = self.served.request("POST", "/api/rolls", {"side": "french", "action": combat}, code=french)
        self.assertEqual(status, 403)
        status, request, _ = self.served.request("POST", "/api/rolls", {"side": "french", "action": combat}, code=umpire)
        self.assertEqual(status, 201, request)
        self.assertEqual(request["roll_kind"], "d6")
        odds = request["odds"]
        self.assertEqual({o["denominator"] for o in odds}, {6})
        self.assertEqual(sum(o["numerator"] for o in odds), 6)  # every face of the die in exactly one outcome
        rid = request["id"]
        self.assertEqual(self.served.request("POST", "/api/rolls/%d" % rid, {"value": 4}, code=imperial)[0], 403)
        for bad in (7, 0, "six", 3.5, None):
            status, body, _ = self.served.request("POST", "/api/rolls/%d" % rid, {"value": bad}, code=french)
            self.assertEqual(status, 400, (bad, body))
        status, _, _ = self.served.request("POST", "/api/rolls/%d/apply" % rid, {}, code=umpire)
        self.assertEqual(status, 409)  # nothing entered yet
        status, entered, _ = self.served.request("POST", "/api/rolls/%d" % rid, {"value": 4}, code=french)
        self.assertEqual((status, entered["entered"]), (200, 4))
        self.assertEqual(self.served.request("POST", "/api/rolls/%d/apply" % rid, {}, code=french)[0], 403)
        status, done, _ = self.served.request("POST", "/api/rolls/%d/apply" % rid, {}, code=umpire)
        self.assertEqual(status, 200, done)
        line = done["applied"]
        self.assertEqual(line["do"], "combat")
        self.assertEqual([(r["slot"], r["value"], r["source"]) for r in line["rolls"]], [("roll", 4, "entered")])
        self.assertIn("roll 4", line["summary"])
        self.assertEqual(done["by"], "umpire (roll entered by french)")
        self.assertEqual(self.served.request("GET", "/api/rolls")[1], [])

    def test_08_proposals(self):
        umpire, french, imperial = self.umpire, self.french, self.imperial
        proposal = {"action": {"do": "formation", "unit": "F-I2", "to": "column"}, "note": "to cross the road"}
        self.assertEqual(self.served.request("POST", "/api/proposals", proposal, code=umpire)[0], 403)
        self.assertEqual(self.served.request("POST", "/api/proposals", {"action": {"do": "formation", "unit": "I-I2", "to": "column"}}, code=french)[0], 403)
        status, made, _ = self.served.request("POST", "/api/proposals", proposal, code=french)
        self.assertEqual(status, 201, made)
        self.assertEqual(made["side"], "french")
        self.assertEqual([p["id"] for p in self.served.request("GET", "/api/proposals", code=french)[1]], [made["id"]])
        self.assertEqual(self.served.request("GET", "/api/proposals", code=imperial)[1], [])
        self.assertEqual(self.served.request("POST", "/api/proposals/%d/accept" % made["id"], {}, code=french)[0], 403)
        before = self.version()
        status, done, _ = self.served.request("POST", "/api/proposals/%d/accept" % made["id"], {}, code=umpire)
        self.assertEqual(status, 200, done)
        self.assertEqual(done["by"], "umpire (proposed by french)")
        self.assertEqual(self.version(), before + 1)
        status, me, _ = self.served.request("GET", "/api/me", code=french)
        self.assertEqual(next(u for u in me["units"]["french"] if u["code"] == "F-I2")["formation"], "column")
        status, made, _ = self.served.request("POST", "/api/proposals", {"action": {"do": "formation", "unit": "F-I1", "to": "column"}}, code=french)
        self.assertEqual(status, 201, made)
        self.assertEqual(self.served.request("POST", "/api/proposals/%d/decline" % made["id"], {}, code=umpire)[0], 200)
        self.assertEqual(self.served.request("GET", "/api/proposals", code=umpire)[1], [])
        # At most 8 unanswered proposals a side: each is tried on a copy of the game for every roll.
        ids = []
        for _ in range(8):
            status, made, _ = self.served.request("POST", "/api/proposals", {"action": {"do": "formation", "unit": "F-I1", "to": "column"}}, code=french)
            self.assertEqual(status, 201, made)
            ids.append(made["id"])
        status, body, _ = self.served.request("POST", "/api/proposals", {"action": {"do": "formation", "unit": "F-I1", "to": "column"}}, code=french)
        self.assertEqual(status, 429, body)
        self.assertEqual(self.served.request("POST", "/api/proposals", {"action": {"do": "formation", "unit": "I-I1", "to": "column"}}, code=imperial)[0], 201)
        for pid in ids:
            self.assertEqual(self.served.request("POST", "/api/proposals/%d/decline" % pid, {}, code=umpire)[0], 200)

    def test_09_a_flood_of_connections_is_refused_and_the_game_goes_on(self):
        sockets, refused = [], 0
        try:
            for _ in range(300):
                s = socket.create_connection((self.served.host, self.served.port), timeout=10)
                sockets.append(s)
            time.sleep(0.5)
            for s in sockets:
                s.setblocking(False)
                try:
                    data = s.recv(4096)
                    refused += data.startswith(b"HTTP/1.1 503")
                except BlockingIOError:
                    pass
        finally:
            for s in sockets:
                s.close()
        self.assertGreater(refused, 0)
        time.sleep(0.3)
        self.assertEqual(self.served.request("GET", "/api/state")[0], 200)

    def test_10_rate_limit_per_client(self):
        statuses = [self.served.request("GET", "/api/state")[0] for _ in range(200)]
        self.assertIn(429, statuses)
        self.assertEqual(statuses[0], 200)
        # The board picture has its own bucket (Limits::pictures_per_second): a table's phones
        # behind one router refreshing it neither take the API's tokens nor lose theirs to it.
        self.assertEqual(self.served.request("GET", "/api/board.png?width=360")[0], 200)
        time.sleep(3.5)  # 40 a second refill

    def test_99_stop_keeps_a_journal_that_replays_and_says_who_sent_what(self):
        code, out = self.served.stop()
        self.assertEqual(code, 0, self.served.stderr)
        replay = subprocess.run([CLI, "--json", "replay", self.served.journal], capture_output=True, text=True)
        self.assertEqual(replay.returncode, 0, replay.stderr)
        self.assertTrue(json.loads(replay.stdout)["reproduced"])
        with open(self.served.journal + ".by.jsonl") as log:
            senders = [json.loads(line)["by"] for line in log]
        self.assertIn("umpire", senders)
        self.assertIn("umpire (roll entered by french)", senders)
        self.assertIn("umpire (proposed by french)", senders)


class HostileGuest(ServedTestCase):
    """What a guest on the club's network can send: nothing stops the server, nothing it claims is taken."""

    def tearDown(self):
        time.sleep(0.1)  # the rate limit is per address: these tests stay well under it

    def assertAlive(self, after):
        self.assertIsNone(self.served.process.poll(), "the server stopped after " + after)
        self.assertEqual(self.served.request("GET", "/api/state")[0], 200, after)

    def test_01_bytes_that_are_not_utf8_are_refused_with_400(self):
        port = self.served.port
        umpire = self.umpire.encode()
        cases = [
            ("a Host byte that is not UTF-8", b"GET /api/state HTTP/1.1\r\nHost: \xff\r\n\r\n", b"'host'"),
            ("a Host cut inside a character", b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\xc3\r\n\r\n", b"'host'"),
            ("a WebSocket Origin that is not UTF-8",
             b"GET /api/live HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: http://\xfe\r\n\r\n" % port, b"'origin'"),
            ("an action body with a byte that is not UTF-8",
             b"POST /api/actions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + umpire +
             b"\r\nContent-Length: 33\r\n\r\n" + b'{"do": "end-phase", "note": "\xff\xfe"}', b"body"),
            ("an Authorization that is not UTF-8", b"GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \xc0\xaf\r\n\r\n",
             b"'authorization'"),
        ]
        before = self.version()
        for name, data, named in cases:
            reply = raw_exchange(self.served, data)
            self.assertEqual(status_of(reply), 400, name + ": " + repr(reply[:200]))
            self.assertIn(named, reply, name)
            body_of(reply)  # the refusal is JSON (and so UTF-8)
            self.assertAlive(name)
        self.assertEqual(self.version(), before)

    def test_02_long_client_text_is_quoted_cut_on_a_character_boundary(self):
        port = self.served.port
        long_host = ("h" + "\u00e9" * 40).encode()  # 81 bytes: a cut at 64 bytes would split an e acute
        reply = raw_exchange(self.served, b"GET /api/state HTTP/1.1\r\nHost: " + long_host + b"\r\n\r\n")
        self.assertEqual(status_of(reply), 403, reply[:200])
        self.assertIn("unknown Host", body_of(reply)["error"])
        self.assertAlive("a long Host of two-byte letters")
        reply = raw_exchange(self.served, b"GET /api/live HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                          b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: http://%s\r\n\r\n"
                                          % (port, long_host))
        self.assertEqual(status_of(reply), 403, reply[:200])
        self.assertIn("own page", body_of(reply)["error"])
        self.assertAlive("a long Origin of two-byte letters")
        status, body, _ = self.served.request("POST", "/api/rolls/" + "9" * 20, {}, code=self.umpire)
        self.assertEqual(status, 404, body)
        self.assertIn("9" * 16 + "'", body["error"])

    def test_03_a_note_cut_at_280_bytes_keeps_the_umpires_list_and_page_working(self):
        note = "x" + "\u00e9" * 200  # 401 bytes; cut at 280 bytes it would end inside a character
        status, made, _ = self.served.request("POST", "/api/proposals", {"action": {"do": "formation", "unit": "F-I2", "to": "column"}, "note": note},
                                              code=self.french)
        self.assertEqual(status, 201, made)
        self.assertEqual(made["note"], "x" + "\u00e9" * 139)  # 279 bytes
        status, listed, _ = self.served.request("GET", "/api/proposals", code=self.umpire)
        self.assertEqual(status, 200, listed)

        async def umpire_page():
            async with websockets.connect("ws://127.0.0.1:%d/api/live" % self.served.port, origin=self.served.origin()) as page:
                json.loads(await page.recv())
                await page.send(json.dumps({"type": "auth", "code": self.umpire}))
                hello = json.loads(await asyncio.wait_for(page.recv(), 5))
                self.assertEqual(hello["snapshot"]["proposals"][0]["note"], made["note"])
        asyncio.run(umpire_page())
        self.assertEqual(self.served.request("POST", "/api/proposals/%d/decline" % made["id"], {}, code=self.umpire)[0], 200)
        self.assertAlive("a long note")

    def test_04_a_websocket_text_frame_that_is_not_utf8_closes_that_page_only(self):
        port = self.served.port
        with socket.create_connection((self.served.host, port), timeout=10) as s:
            s.sendall(b"GET /api/live HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n" % port)
            received = b""
            while b"\r\n\r\n" not in received:
                received += s.recv(65536)
            self.assertTrue(received.startswith(b"HTTP/1.1 101"), received[:200])
            payload, mask = b'{"type": "\xff"}', b"\x01\x02\x03\x04"
            s.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
            frames = received.split(b"\r\n\r\n", 1)[1]
            try:
                while chunk := s.recv(65536):
                    frames += chunk
            except (ConnectionResetError, socket.timeout):
                pass
        # The hello, then a close frame with 1007 (invalid frame payload data).
        close = frames.rfind(b"\x88")
        self.assertGreaterEqual(close, 0, frames[-80:])
        self.assertEqual(int.from_bytes(frames[close + 2:close + 4], "big"), 1007, frames[close:close + 40])
        self.assertAlive("a text frame that is not UTF-8")
        # A frame sent with the handshake, before its answer (RFC 6455, 4.1), is refused with it:
        # Qt WebSockets answered such frames with a masked close frame (found by fuzz_companion_wire).
        with socket.create_connection((self.served.host, port), timeout=10) as s:
            s.sendall(b"GET /api/live HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: http://127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                      b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n" % (port, port)
                      + bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
            answer = b""
            while chunk := s.recv(65536):
                answer += chunk
        self.assertTrue(answer.startswith(b"HTTP/1.1 400"), answer[:200])
        self.assertIn(b"RFC 6455", answer)
        self.assertAlive("a frame sent with the handshake")

    def test_05_a_players_claims_of_authority_are_refused_and_change_nothing(self):
        before = self.version()
        # 700 mm in one move, through the enemy: only an umpire's override would let it pass.
        move = {"do": "move", "unit": "F-C1", "to": {"x_mm": 600, "y_mm": 1200}}
        for key, value in (("override", "the umpire allows it"), ("by", "umpire"), ("why", "because"), ("rolls", {"roll": 6}),
                           ("enforce", False)):
            for path, body in (("/api/actions", dict(move, **{key: value})), ("/api/proposals", {"action": dict(move, **{key: value})})):
                status, answer, _ = self.served.request("POST", path, body, code=self.french)
                self.assertEqual(status, 403, (key, path, answer))
                self.assertTrue(answer["error"])
        status, answer, _ = self.served.request("POST", "/api/actions", dict(move, by="french"), code=self.umpire)
        self.assertEqual(status, 403, answer)  # who sent an action is the server's record, even the umpire's
        self.assertEqual(self.version(), before)
        self.assertEqual(self.served.request("GET", "/api/proposals", code=self.umpire)[1], [])

    def test_06_who_did_what_is_the_servers_record_in_the_journal(self):
        status, done, _ = self.served.request("POST", "/api/actions", {"do": "formation", "unit": "F-I1", "to": "column"}, code=self.french)
        self.assertEqual(status, 200, done)
        self.assertEqual(done["applied"]["input"]["by"], "french")
        status, done, _ = self.served.request("POST", "/api/actions", {"do": "formation", "unit": "F-I1", "to": "line"}, code=self.umpire)
        self.assertEqual(status, 200, done)
        self.assertEqual(done["applied"]["input"]["by"], "umpire")
        lines = self.served.request("GET", "/api/journal")[1]
        self.assertEqual([(line["by"], line["input"]["by"]) for line in lines[-2:]], [("french", "french"), ("umpire", "umpire")])

    def test_07_headers_frame_ancestors_referrer_and_allow(self):
        status, _, response = self.served.request("GET", "/")
        self.assertEqual(status, 200)
        self.assertIn("frame-ancestors 'none'", response.getheader("Content-Security-Policy"))
        self.assertEqual(response.getheader("Referrer-Policy"), "no-referrer")
        for method, path, allow in (("PUT", "/api/state", "GET"), ("GET", "/api/actions", "POST"), ("DELETE", "/api/rolls", "GET, POST"),
                                    ("POST", "/app.js", "GET"), ("POST", "/api/live", "GET"), ("GET", "/api/proposals/1/accept", "POST")):
            status, body, response = self.served.request(method, path, code=self.umpire)
            self.assertEqual(status, 405, (method, path, body))
            self.assertEqual(response.getheader("Allow"), allow, (method, path))


def handshake(served, extra=b""):
    """A WebSocket handshake to /api/live with these extra header lines, as raw bytes: the status."""
    return status_of(raw_exchange(served, b"GET /api/live HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                          b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n%s\r\n"
                                  % (served.port, extra), timeout=1))


class OwnOrigin(ServedTestCase):
    """The live feed is for the page's own origin, compared exactly; a client without Origin only watches."""

    def test_01_any_other_origin_is_refused_403(self):
        port = self.served.port
        for origin in ("http://evil.example", "http://127.0.0.1:%d" % (port + 1), "https://127.0.0.1:%d" % port, "http://127.0.0.1",
                       "http://127.0.0.1:%d/" % port, "http://localhost:%d" % port, "null", "HTTP://127.0.0.1:%d" % port, ""):
            self.assertEqual(handshake(self.served, b"Origin: %s\r\n" % origin.encode()), 403, origin)
            time.sleep(0.05)
        self.assertEqual(handshake(self.served, b"Sec-WebSocket-Origin: http://evil.example\r\n"), 403)
        self.assertEqual(handshake(self.served, b"Origin: %s\r\n" % self.served.origin().encode()), 101)

    def test_02_a_client_without_origin_watches_and_cannot_join(self):
        async def scenario():
            async with websockets.connect("ws://127.0.0.1:%d/api/live" % self.served.port) as page:
                hello = json.loads(await page.recv())
                self.assertEqual(hello["snapshot"]["role"], "spectator")
                await page.send(json.dumps({"type": "auth", "code": self.umpire}))
                refused = json.loads(await asyncio.wait_for(page.recv(), 5))
                self.assertEqual((refused["type"], refused["status"]), ("error", 403))
                await page.send(json.dumps({"type": "ping"}))
                self.assertEqual(json.loads(await asyncio.wait_for(page.recv(), 5))["type"], "pong")
            async with websockets.connect("ws://127.0.0.1:%d/api/live" % self.served.port, origin=self.served.origin()) as page:
                json.loads(await page.recv())
                await page.send(json.dumps({"type": "auth", "code": self.umpire}))
                self.assertEqual(json.loads(await asyncio.wait_for(page.recv(), 5))["snapshot"]["role"], "umpire")
        asyncio.run(scenario())


class IdleAndCrowds(unittest.TestCase):
    """Idle pages are closed after the documented time; one phone behind the table's router cannot keep the others out."""

    @classmethod
    def setUpClass(cls):
        cls.served = Served(CLI)

    @classmethod
    def tearDownClass(cls):
        cls.served.close()

    def connect(self, served=None):
        served = served or self.served
        return websockets.connect("ws://127.0.0.1:%d/api/live" % served.port, origin=served.origin())

    def test_01_a_silent_page_is_closed_and_a_pinging_one_stays(self):
        served = Served(CLI, extra=("--idle-timeout", "2"))
        self.addCleanup(served.close)

        async def scenario():
            async with self.connect(served) as silent, self.connect(served) as pinging:
                json.loads(await silent.recv())
                json.loads(await pinging.recv())
                started = time.monotonic()
                for _ in range(8):  # 4 s, twice the idle time
                    await pinging.send(json.dumps({"type": "ping"}))
                    self.assertEqual(json.loads(await asyncio.wait_for(pinging.recv(), 2))["type"], "pong")
                    await asyncio.sleep(0.5)
                with self.assertRaises(websockets.exceptions.ConnectionClosed) as closed:
                    await asyncio.wait_for(silent.recv(), 1)
                self.assertEqual(closed.exception.code, 1001)
                self.assertIn("no message for 2 s", closed.exception.reason)
                self.assertLess(time.monotonic() - started, 6)
                await pinging.send(json.dumps({"type": "ping"}))
                self.assertEqual(json.loads(await asyncio.wait_for(pinging.recv(), 2))["type"], "pong")
        asyncio.run(scenario())

    def test_01b_a_page_that_never_answers_the_close_is_dropped(self):
        # A client that ignores the close frame must not keep its socket (and a slot of the 256) for ever.
        served = Served(CLI, extra=("--idle-timeout", "1"))
        self.addCleanup(served.close)
        with socket.create_connection((served.host, served.port), timeout=20) as s:
            s.sendall(b"GET /api/live HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: %s\r\n\r\n"
                      % (served.port, served.origin().encode()))
            received = b""
            while b"\r\n\r\n" not in received:
                received += s.recv(65536)
            self.assertTrue(received.startswith(b"HTTP/1.1 101"), received[:200])
            self.assertEqual(served.request("GET", "/api/state")[1]["pages"], 1)
            started = time.monotonic()
            try:
                while s.recv(65536):  # the hello, the close frame (unanswered), then the end
                    pass
            except ConnectionResetError:
                pass
            self.assertLess(time.monotonic() - started, 10)
        self.assertEqual(served.request("GET", "/api/state")[1]["pages"], 0)

    def test_02_pages_without_a_code_cannot_keep_a_player_out(self):
        async def scenario():
            crowd = []
            try:
                for _ in range(60):  # one phone opening pages without a code, from the table's address
                    page = await self.connect()
                    crowd.append(page)
                    json.loads(await page.recv())
                async with self.connect() as player:
                    json.loads(await player.recv())
                    await player.send(json.dumps({"type": "auth", "code": self.served.codes["french"]}))
                    hello = json.loads(await asyncio.wait_for(player.recv(), 5))
                    self.assertEqual(hello["snapshot"]["role"], "player")
                await asyncio.sleep(0.3)
                closed = [p for p in crowd if p.close_code is not None]
                # 48 may watch from one address without a code: the oldest made room for the newest.
                self.assertGreaterEqual(len(closed), 13)
                self.assertTrue(all(p.close_code == 1008 for p in closed))
                self.assertIs(crowd[0], closed[0])
                self.assertIsNone(crowd[-1].close_code)
            finally:
                for page in crowd:
                    await page.close()
        asyncio.run(scenario())
        time.sleep(1)

    def test_03_one_code_joins_at_most_16_pages(self):
        async def scenario():
            pages = []
            try:
                for i in range(17):
                    page = await self.connect()
                    pages.append(page)
                    json.loads(await page.recv())
                    await page.send(json.dumps({"type": "auth", "code": self.served.codes["imperial"]}))
                    answer = json.loads(await asyncio.wait_for(page.recv(), 5))
                    if i < 16:
                        self.assertEqual(answer["type"], "hello", answer)
                    else:
                        self.assertEqual((answer["type"], answer["status"]), ("error", 429))
            finally:
                for page in pages:
                    await page.close()
        asyncio.run(scenario())


class JournalPages(unittest.TestCase):
    """The first live message and reconnects page the journal; older lines come from GET /api/journal."""

    @classmethod
    def setUpClass(cls):
        cls.served = Served(CLI)
        umpire = cls.served.codes["umpire"]
        for i in range(70):
            status, body, _ = cls.served.request("POST", "/api/actions", {"do": "formation", "unit": "F-I1", "to": "column" if i % 2 == 0 else "line"},
                                                 code=umpire)
            assert status == 200, body
            time.sleep(0.03)  # under the rate limit of 40 a second

    @classmethod
    def tearDownClass(cls):
        cls.served.close()

    def hello(self, query="", auth=None):
        async def first():
            async with websockets.connect("ws://127.0.0.1:%d/api/live%s" % (self.served.port, query), origin=self.served.origin()) as page:
                hello = json.loads(await page.recv())
                if auth is not None:
                    await page.send(json.dumps(auth))
                    hello = json.loads(await asyncio.wait_for(page.recv(), 5))
                return hello
        return asyncio.run(first())["snapshot"]

    def test_01_the_first_message_carries_the_last_50_lines_and_the_count(self):
        snap = self.hello()
        self.assertEqual((snap["journal_total"], snap["journal_first"], len(snap["journal"])), (70, 20, 50))
        self.assertEqual([line["seq"] for line in snap["journal"]], list(range(21, 71)))
        self.assertTrue(all(line["by"] == "umpire" for line in snap["journal"]))
        self.assertTrue(snap["game"])
        status, me, _ = self.served.request("GET", "/api/me", code=self.served.codes["french"])
        self.assertEqual((status, len(me["journal"]), me["journal_first"]), (200, 50, 20))

    def test_02_older_lines_by_page(self):
        status, lines, _ = self.served.request("GET", "/api/journal?from=0&count=20")
        self.assertEqual((status, [line["seq"] for line in lines]), (200, list(range(1, 21))))
        self.assertEqual(len(self.served.request("GET", "/api/journal")[1]), 70)  # 100 lines unless told
        self.assertEqual(len(self.served.request("GET", "/api/journal?from=60")[1]), 10)
        self.assertEqual(self.served.request("GET", "/api/journal?from=900&count=5")[1], [])
        for bad in ("count=0", "count=501", "count=-1", "count=ten", "from=1e3", "from=-2"):
            self.assertEqual(self.served.request("GET", "/api/journal?" + bad)[0], 400, bad)

    def test_03_a_page_that_reconnects_gets_only_what_it_missed(self):
        game = self.hello()["game"]
        snap = self.hello("?since=65&game=" + game)
        self.assertEqual((snap["journal_first"], [line["seq"] for line in snap["journal"]]), (65, [66, 67, 68, 69, 70]))
        self.assertEqual(self.hello("?since=70&game=" + game)["journal"], [])
        # Another game's lines, a count beyond the journal or too far behind: the last 50 lines.
        for query in ("?since=65&game=ANOTHERONE", "?since=65", "?since=71&game=" + game, "?since=3&game=" + game, "?since=x&game=" + game):
            snap = self.hello(query)
            self.assertEqual((snap["journal_first"], len(snap["journal"])), (20, 50), query)
        snap = self.hello(auth={"type": "auth", "code": self.served.codes["french"], "since": 68, "game": game})
        self.assertEqual((snap["role"], [line["seq"] for line in snap["journal"]]), ("player", [69, 70]))

    def test_04_a_since_without_its_game_is_refused(self):
        async def scenario():
            async with websockets.connect("ws://127.0.0.1:%d/api/live" % self.served.port, origin=self.served.origin()) as page:
                json.loads(await page.recv())
                for auth in ({"since": 68}, {"since": -1, "game": "X"}, {"since": "68", "game": "X"}, {"game": "X"}):
                    await page.send(json.dumps(dict(type="auth", code=self.served.codes["french"], **auth)))
                    error = json.loads(await asyncio.wait_for(page.recv(), 5))
                    self.assertEqual((error["type"], error["status"]), ("error", 400), auth)
        asyncio.run(scenario())


def png_width(data):
    """The width in a PNG's IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:16]
    return int.from_bytes(data[16:20], "big")


class BoardPictures(ServedTestCase):
    """The board picture at a few widths, drawn once per width and game version whoever asks."""

    def board(self, width):
        status, data, response = self.served.request("GET", "/api/board.png?width=%d" % width)
        self.assertEqual(status, 200)
        return png_width(data), response.getheader("X-Board-Cache")

    def test_01_widths_snap_and_each_is_drawn_once_per_version(self):
        asked = (200, 320, 360, 390, 412, 500, 700, 768, 1000, 1280, 1600, 2000, 9999)
        widths = {}
        drawn = 0
        for width in asked:
            got, cache = self.board(width)
            widths[width] = got
            drawn += cache == "drawn"
        self.assertEqual(widths, {200: 360, 320: 360, 360: 360, 390: 540, 412: 540, 500: 540, 700: 720, 768: 1080, 1000: 1080,
                                  1280: 1600, 1600: 1600, 2000: 1600, 9999: 1600})
        self.assertEqual(drawn, 5)
        # Thirty phones at eight widths: nothing more to draw.
        for _ in range(3):
            for width in (320, 360, 390, 412, 768, 800, 1280, 1600):
                self.assertEqual(self.board(width)[1], "hit")
            time.sleep(0.3)  # the rate limit
        status, _, _ = self.served.request("POST", "/api/actions", {"do": "formation", "unit": "F-I1", "to": "column"}, code=self.umpire)
        self.assertEqual(status, 200)
        self.assertEqual(self.board(390), (540, "drawn"))  # the game changed: drawn again, once
        self.assertEqual(self.board(400), (540, "hit"))
        for bad in ("-5", "wide", "123456", ""):
            status, _, _ = self.served.request("GET", "/api/board.png?width=" + bad)
            self.assertEqual(status, 400 if bad else 200, bad)


class RevokedCodes(unittest.TestCase):
    """Join codes revoked and reissued without a restart: from the umpire's API and from serve's standard input."""

    def setUp(self):
        self.served = Served(CLI, stdin=True)
        self.codes = dict(self.served.codes)

    def tearDown(self):
        self.served.close()

    def status(self, code, path="/api/me"):
        return self.served.request("GET", path, code=code)[0]

    def test_01_a_sides_code_reissued_by_the_umpire_drops_its_pages_to_spectators(self):
        async def scenario():
            uri = "ws://127.0.0.1:%d/api/live" % self.served.port
            async with websockets.connect(uri, origin=self.served.origin()) as page:
                json.loads(await page.recv())
                await page.send(json.dumps({"type": "auth", "code": self.codes["french"]}))
                self.assertEqual(json.loads(await page.recv())["snapshot"]["role"], "player")
                status, answer, _ = await asyncio.to_thread(self.served.request, "POST", "/api/codes/french/reissue", {}, self.codes["umpire"])
                self.assertEqual(status, 200, answer)
                self.assertEqual(sorted(answer["codes"]), ["french"])
                told = json.loads(await asyncio.wait_for(page.recv(), 5))
                self.assertEqual((told["type"], told["status"], told["revoked"]), ("error", 401, True))
                self.assertNotIn(answer["codes"]["french"], json.dumps(told))  # the new code goes to the umpire only
                # The page watches: the next update carries no units.
                await asyncio.to_thread(self.served.request, "POST", "/api/actions", {"do": "end-phase"}, self.codes["umpire"])
                update = json.loads(await asyncio.wait_for(page.recv(), 5))
                self.assertEqual(update["type"], "update")
                self.assertNotIn("units", update)
                return answer["codes"]["french"]
        fresh = asyncio.run(scenario())
        self.assertNotEqual(fresh, self.codes["french"])
        self.assertEqual(self.status(self.codes["french"]), 401)
        self.assertEqual(self.status(fresh), 200)
        self.assertEqual(self.status(self.codes["imperial"]), 200)  # the others' codes stand
        self.assertEqual(self.status(self.codes["umpire"]), 200)

    def test_02_only_the_umpire_reissues_and_never_loses_their_code(self):
        for code, expected in ((None, 401), (self.codes["french"], 403), ("0000-0000-0000-0000", 401)):
            status, body, _ = self.served.request("POST", "/api/codes/imperial/reissue", {}, code=code)
            self.assertEqual(status, expected, body)
        self.assertEqual(self.served.request("POST", "/api/codes/prussian/reissue", {}, code=self.codes["umpire"])[0], 404)
        status, _, response = self.served.request("GET", "/api/codes/reissue", code=self.codes["umpire"])
        self.assertEqual((status, response.getheader("Allow")), (405, "POST"))
        self.assertEqual(self.status(self.codes["imperial"]), 200)  # nothing changed
        # Every side's at once: the umpire's stays.
        status, answer, _ = self.served.request("POST", "/api/codes/reissue", {}, code=self.codes["umpire"])
        self.assertEqual((status, sorted(answer["codes"])), (200, ["french", "imperial"]))
        self.assertEqual([self.status(self.codes[s]) for s in ("french", "imperial")], [401, 401])
        self.assertEqual([self.status(answer["codes"][s]) for s in ("french", "imperial")], [200, 200])
        # The umpire's own: the answer carries the new one, so the umpire is never without a code.
        status, mine, _ = self.served.request("POST", "/api/codes/umpire/reissue", {}, code=self.codes["umpire"])
        self.assertEqual(status, 200, mine)
        self.assertEqual(self.status(self.codes["umpire"]), 401)
        self.assertEqual(self.served.request("GET", "/api/me", code=mine["codes"]["umpire"])[1]["role"], "umpire")

    def test_03_a_line_typed_on_serves_standard_input(self):
        answer = self.served.type_line("reissue imperial")
        fresh = answer["reissued"]["imperial"]
        self.assertEqual(answer["codes"]["imperial"], fresh)
        self.assertEqual(answer["codes"]["french"], self.codes["french"])
        self.assertEqual(self.status(self.codes["imperial"]), 401)
        self.assertEqual(self.status(fresh), 200)
        self.assertEqual(self.served.type_line("codes")["codes"]["imperial"], fresh)
        self.assertIn("error", self.served.type_line("reissue prussian"))
        self.assertIn("error", self.served.type_line("make me umpire"))
        umpire = self.served.type_line("reissue umpire")["reissued"]["umpire"]
        self.assertEqual(self.status(umpire), 200)
        self.assertEqual(self.status(self.codes["umpire"]), 401)
        self.assertEqual(self.status(None, "/api/state"), 200)


class HonestDice(unittest.TestCase):
    """Nothing served before a generated roll is made tells it: the same previews under two seeds whose rolls differ."""

    COMBAT = {"do": "combat", "attacker": "F-I1", "defender": "I-I1"}

    def served_then_rolled(self, seed):
        served = Served(CLI, seed=seed)
        try:
            umpire, french = served.codes["umpire"], served.codes["french"]
            seen = []

            async def watch():
                async with websockets.connect("ws://127.0.0.1:%d/api/live" % served.port, origin=served.origin()) as page:
                    seen.append(json.loads(await page.recv()))
                    await page.send(json.dumps({"type": "auth", "code": umpire}))
                    seen.append(json.loads(await page.recv()))
                    for path, body, code in (("/api/rolls", {"side": "french", "action": self.COMBAT}, umpire),
                                             ("/api/proposals", {"action": self.COMBAT}, french)):
                        status, answer, _ = await asyncio.to_thread(served.request, "POST", path, body, code)
                        self.assertEqual(status, 201, answer)
                        seen.append(answer)
                        seen.append(json.loads(await asyncio.wait_for(page.recv(), 5)))
            asyncio.run(watch())
            for path, code in (("/api/rolls", None), ("/api/proposals", umpire), ("/api/proposals", french), ("/api/me", umpire),
                               ("/api/state", None)):
                seen.append(served.request("GET", path, code=code)[1])
            status, done, _ = served.request("POST", "/api/actions", self.COMBAT, code=umpire)
            self.assertEqual(status, 200, done)
            return seen, done["applied"]
        finally:
            served.close()

    def previews(self, seen):
        """The previews in everything served: summaries and odds of requests and proposals."""
        found = []
        def walk(value):
            if isinstance(value, dict):
                if "odds" in value and "summary" in value:
                    found.append((value["summary"], json.dumps(value["odds"], sort_keys=True)))
                for v in value.values():
                    walk(v)
            elif isinstance(value, list):
                for v in value:
                    walk(v)
        walk(seen)
        return found

    def test_a_preview_then_a_generated_roll(self):
        seen_a, applied_a = self.served_then_rolled(7)
        for seed in (8, 9, 10, 11, 12):
            seen_b, applied_b = self.served_then_rolled(seed)
            if applied_b["rolls"] != applied_a["rolls"]:
                break
        roll_a = next(r for r in applied_a["rolls"] if r["slot"] == "roll")
        roll_b = next(r for r in applied_b["rolls"] if r["slot"] == "roll")
        self.assertEqual((roll_a["slot"], roll_a["source"]), ("roll", "generated"))
        self.assertNotEqual(roll_a["value"], roll_b["value"], "five seeds rolled alike")
        previews_a, previews_b = self.previews(seen_a), self.previews(seen_b)
        self.assertGreaterEqual(len(previews_a), 4)
        # Two games alike but for their generators were served the same previews, yet rolled
        # differently: what was served could not tell the roll.
        self.assertEqual(previews_a, previews_b)
        served_text = json.dumps(seen_a)
        self.assertNotIn(applied_a["summary"], served_text)
        self.assertNotIn("roll %s" % roll_a["value"], served_text)
        for summary, _ in previews_a:
            self.assertNotIn("roll", summary)


class OtherRuleSystems(unittest.TestCase):
    """Issue 25: serve takes every rule system behind the seam, each asked through its GameSession."""

    def serve(self, scenario, seed):
        served = Served(CLI, scenario=scenario, seed=seed, advisory=False)
        self.addCleanup(served.close)
        return served

    def test_01_the_channel_1778_action_serves_ships_odds_and_a_board(self):
        served = self.serve("channel-1778", 1778)
        self.assertEqual(served.hello["system"], "age-of-sail")
        umpire = served.codes["umpire"]
        status, state, _ = served.request("GET", "/api/state")
        self.assertEqual(status, 200, state)
        self.assertEqual((state["system"], state["kind_key"]), ("age-of-sail", "action"))
        self.assertNotIn("seed", state)
        kinds = {k["kind"] for k in state["player_kinds"]}
        self.assertIn("broadside", kinds)
        self.assertFalse(kinds & {"wind", "end-half", "undo"})  # the umpire's
        status, png, _ = served.request("GET", "/api/board.png?width=360")
        self.assertEqual((status, png_width(png)), (200, 360))
        acting = state["acting_side"]
        other = next(side for side in state["side_ids"] if side != acting)
        status, me, _ = served.request("GET", "/api/me", code=served.codes[acting])
        self.assertEqual(status, 200, me)
        ships = me["units"][acting]
        self.assertTrue(ships and "hull" in ships[0] and "port_decks" in ships[0], ships)
        self.assertNotIn(other, me["units"])  # a captain sees her own fleet's sheets only
        mine = ships[0]["code"]
        theirs = next(u["code"] for u in state["roster"] if u["side"] == other)
        code = served.codes[acting]
        before = state["version"]
        refused = [
            {"action": "anchor", "ship": theirs, "drop": True},                                            # not hers
            {"action": "broadside", "ship": mine, "target": theirs, "side": "port", "dice": [6, 6]},      # her dice
            {"action": "broadside", "ship": mine, "target": theirs, "side": "port", "owner_masts": []},   # the target's choice
            {"action": "end-half"}, {"action": "wind"}, {"action": "undo"},                               # the umpire's
            {"do": "anchor", "ship": mine},                                                               # not this game's words
        ]
        for action in refused:
            status, body, _ = served.request("POST", "/api/actions", action, code=code)
            self.assertIn(status, (400, 403), (action, body))
        status, body, _ = served.request("POST", "/api/actions", {"action": "anchor", "ship": "HMS-Nowhere"}, code=code)
        self.assertEqual(status, 400, body)
        self.assertEqual(served.request("GET", "/api/state")[1]["version"], before)
        # A proposal of her own ship's, previewed by the library, accepted by the umpire.
        status, made, _ = served.request("POST", "/api/proposals", {"action": {"action": "anchor", "ship": mine, "drop": True}, "note": "hold here"},
                                         code=code)
        self.assertEqual(status, 201, made)
        self.assertEqual(made["roll_kind"], "")
        status, done, _ = served.request("POST", "/api/proposals/%d/accept" % made["id"], {}, code=umpire)
        self.assertEqual(status, 200, done)
        self.assertEqual(done["by"], "umpire (proposed by %s)" % acting)
        self.assertEqual(done["applied"]["do"], "anchor")
        # No roll to ask for an anchor; the umpire undoes in the game's own words.
        status, body, _ = served.request("POST", "/api/rolls", {"side": acting, "action": {"action": "anchor", "ship": mine, "drop": False}}, code=umpire)
        self.assertEqual(status, 409, body)
        status, body, _ = served.request("POST", "/api/actions", {"action": "undo"}, code=umpire)
        self.assertEqual(status, 200, body)
        lines = served.request("GET", "/api/journal")[1]
        self.assertEqual([line["do"] for line in lines], ["anchor", "undo"])
        self.assertEqual(lines[0]["by"], "umpire (proposed by %s)" % acting)
        code_, out = served.stop()
        self.assertEqual(code_, 0, served.stderr)
        replay = subprocess.run([CLI, "replay", served.journal], capture_output=True, text=True, timeout=60)
        self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)

    def test_02_game_of_kings_and_clausewitz_list_a_players_actions_and_ask_for_rolls_with_their_odds(self):
        for scenario, own_key, first in (("encounter-1745", "unit", "begin-turn"), ("quatre-bras-opening-1815", "brigade", "draw")):
            with self.subTest(scenario=scenario):
                served = self.serve(scenario, 5)
                umpire = served.codes["umpire"]
                status, state, _ = served.request("GET", "/api/state")
                self.assertEqual(status, 200, state)
                self.assertNotIn("seed", state)
                self.assertTrue(state["roster"])
                status, png, _ = served.request("GET", "/api/board.png?width=540")
                self.assertEqual((status, png_width(png)), (200, 540))
                # The system's own list of what a player may ask for: the turn's first action is the umpire's.
                self.assertFalse(state["player_kinds_open"])
                kinds = {k["kind"]: k for k in state["player_kinds"]}
                self.assertIn("fire", kinds)
                self.assertNotIn(first, kinds)
                side = state["side_ids"][0]
                code = served.codes[side]
                me = served.request("GET", "/api/me", code=code)[1]
                mine = me["units"][side][0]["code"]
                theirs = next(u["code"] for u in state["roster"] if u["side"] != side)
                fire = {"action": "fire", own_key: mine, "target": theirs}
                self.assertEqual(served.request("POST", "/api/proposals", {"action": {"action": "fire", own_key: theirs, "target": mine}}, code=code)[0], 403)
                for key in ("dice", "roll", "chips", "steady", "overrule", "override", "morale", "by"):
                    status, body, _ = served.request("POST", "/api/proposals", {"action": dict(fire, **{key: 6})}, code=code)
                    self.assertEqual(status, 403, (key, body))
                self.assertEqual(served.request("POST", "/api/proposals", {"action": {"action": first}}, code=code)[0], 403)
                # A fire now is refused by the rules, in their words (the preview is apply's own path).
                status, body, _ = served.request("POST", "/api/proposals", {"action": fire}, code=code)
                self.assertEqual(status, 409, body)
                if scenario == "encounter-1745":
                    # The turn's weather asked of a side: 2d6 typed as two dice, the 36ths of each gauge.
                    status, asked, _ = served.request("POST", "/api/rolls", {"side": side, "action": {"action": "begin-turn"}}, code=umpire)
                    self.assertEqual(status, 201, asked)
                    self.assertEqual((asked["roll_kind"], asked["roll_slot"]), ("dice:2", "roll"))
                    self.assertEqual(sum(o["numerator"] for o in asked["odds"]), 36, asked["odds"])
                    self.assertTrue(all(o["denominator"] == 36 for o in asked["odds"]), asked["odds"])
                    # The same chances `fortuna-cli game-of-kings weather --preview` prints for the start.
                    cli = subprocess.run([CLI, "game-of-kings", "weather", "--preview", "--json"], capture_output=True, text=True, timeout=60)
                    self.assertEqual(cli.returncode, 0, cli.stderr)
                    printed = json.loads(cli.stdout)
                    self.assertEqual(len(asked["odds"]), len(printed["probabilities"]))
                    for gauge, p in printed["probabilities"].items():
                        odd = next(o for o in asked["odds"] if o["outcome"] == "weather: gauge %s (%s)" % (gauge, printed["names"][gauge]))
                        self.assertAlmostEqual(odd["numerator"] / odd["denominator"], p, places=15)
                    self.assertEqual(served.request("POST", "/api/rolls/%d" % asked["id"], {"value": "3,4,5"}, code=code)[0], 400)
                    self.assertEqual(served.request("POST", "/api/rolls/%d" % asked["id"], {"value": "3,4"}, code=code)[0], 200)
                    status, applied, _ = served.request("POST", "/api/rolls/%d/apply" % asked["id"], {}, code=umpire)
                    self.assertEqual(status, 200, applied)
                    self.assertIn("(gauge 7)", applied["applied"]["summary"])
                    self.assertEqual(applied["applied"]["action"]["roll"], [3, 4])
                else:
                    # A chip drawn by hand, then the command test asked of its side: 2d6 typed as two dice.
                    self.assertEqual(served.request("POST", "/api/actions", {"action": "draw", "chip": side}, code=umpire)[0], 200)
                    status, now, _ = served.request("GET", "/api/state")
                    brigade = next(b for b in now["brigades"] if b["side"] == side and b["status"] == "ready")
                    general = next(g for g in now["generals"] if g["side"] == side and (g["division"] == brigade["division"] or g["commander_in_chief"]))
                    activate = {"action": "activate", "brigade": brigade["id"], "general": general["id"]}
                    status, asked, _ = served.request("POST", "/api/rolls", {"side": side, "action": activate}, code=umpire)
                    self.assertEqual(status, 201, asked)
                    self.assertEqual((asked["roll_kind"], asked["roll_slot"]), ("dice:2", "command"))
                    self.assertAlmostEqual(sum(o["numerator"] / o["denominator"] for o in asked["odds"]), 1.0, places=12)
                    self.assertEqual(served.request("POST", "/api/rolls/%d" % asked["id"], {"value": "6,6"}, code=code)[0], 200)
                    status, applied, _ = served.request("POST", "/api/rolls/%d/apply" % asked["id"], {}, code=umpire)
                    self.assertEqual(status, 200, applied)
                    self.assertEqual([r["value"] for r in applied["applied"]["action"]["command"]], [6, 6])

class FogOfWar(unittest.TestCase):
    """Issue 27, item 6: with the fog on, each side is served only what its own units see."""

    def test_a_unit_in_the_wood_is_hidden_from_the_other_side_and_from_spectators(self):
        served = Served(CLI, extra=("--fog",))
        self.addCleanup(served.close)
        umpire, french, imperial = served.codes["umpire"], served.codes["french"], served.codes["imperial"]
        # The umpire puts the Imperial cuirassiers deep in the Eichwald (1050-1350, 480-760 mm).
        status, body, _ = served.request("POST", "/api/actions", {"do": "set", "unit": "I-C1", "to": [1200, 620], "reason": "test"}, umpire)
        self.assertEqual(status, 200, body)

        def roster(code):
            status, state, _ = served.request("GET", "/api/state", code=code)
            self.assertEqual(status, 200, state)
            self.assertTrue(state["fog"]["on"])
            return {u["code"] for u in state["roster"]}

        self.assertIn("I-C1", roster(umpire))
        self.assertIn("I-C1", roster(imperial))
        self.assertNotIn("I-C1", roster(french))
        self.assertIn("I-I2", roster(french))  # in the open
        self.assertEqual(roster(None), set())  # a spectator sees no piece while the fog is on
        # The journal line that names it: the French get its number only.
        lines = served.request("GET", "/api/journal", code=french)[1]
        self.assertEqual(lines[-1], {"fog": True, "seq": lines[-1]["seq"]})
        self.assertEqual(served.request("GET", "/api/journal", code=imperial)[1][-1]["input"]["unit"], "I-C1")
        # Each side's picture is its own, never cached for another.
        status, png, response = served.request("GET", "/api/board.png?width=400", code=french)
        self.assertEqual((status, response.getheader("X-Board-Cache")), (200, "own"))
        self.assertNotEqual(png, served.request("GET", "/api/board.png?width=400", code=imperial)[1])
        # Strengths hidden (the default): the French see Salm (I-I2) in the open, not its bases nor its state.
        def salm(code):
            return next(u for u in served.request("GET", "/api/state", code=code)[1]["roster"] if u["code"] == "I-I2")
        self.assertEqual(served.request("GET", "/api/fog")[1], {"on": True, "strengths": "hidden"})
        self.assertNotIn("bases", salm(french))
        # Rounded, the umpire's choice: its state, and its 5 bases to the nearest 2 (6); the unseen stay out.
        for refused, body, code in ((400, {"on": True, "strengths": "exact"}, umpire), (400, {"on": True, "strengths": 6}, umpire),
                                    (400, {"strengths": "rounded"}, umpire), (403, {"on": True, "strengths": "rounded"}, french)):
            self.assertEqual(served.request("POST", "/api/fog", body, code=code)[0], refused, body)
        self.assertEqual(served.request("GET", "/api/fog")[1]["strengths"], "hidden")  # refused: nothing changed
        status, body, _ = served.request("POST", "/api/fog", {"on": True, "strengths": "rounded"}, code=umpire)
        self.assertEqual((status, body), (200, {"on": True, "strengths": "rounded"}))
        self.assertEqual((salm(french)["bases"], salm(french)["bases_rounded"], salm(french)["state"]), (6, True, "normal"))
        self.assertNotIn("I-C1", roster(french))
        self.assertNotIn("bases", salm(umpire))  # the umpire's roster is the table's; their units carry the exact strengths
        self.assertEqual(served.request("GET", "/api/state", code=french)[1]["fog"]["strengths"], "rounded")
        # Only the umpire turns it off; then the French see all again.
        self.assertEqual(served.request("POST", "/api/fog", {"on": False}, code=french)[0], 403)
        self.assertEqual(served.request("POST", "/api/fog", {"on": "no"}, code=umpire)[0], 400)
        status, body, _ = served.request("POST", "/api/fog", {"on": False, "strengths": "hidden"}, code=umpire)
        self.assertEqual((status, body), (200, {"on": False, "strengths": "hidden"}))
        state = served.request("GET", "/api/state", code=french)[1]
        self.assertFalse(state["fog"]["on"])
        self.assertIn("I-C1", {u["code"] for u in state["roster"]})

    def test_serve_starts_with_strengths_rounded_or_refuses_another_word(self):
        served = Served(CLI, extra=("--fog", "--fog-strengths", "rounded"))
        self.addCleanup(served.close)
        self.assertEqual(served.request("GET", "/api/fog")[1], {"on": True, "strengths": "rounded"})
        state = served.request("GET", "/api/state", code=served.codes["french"])[1]
        self.assertEqual({u["code"]: u["bases"] for u in state["roster"] if "bases" in u}.get("I-I2"), 6)
        refused = subprocess.run([CLI, "serve", "--scenario", "test-skirmish", "--port", "0", "--fog", "--fog-strengths", "exact",
                                  "--journal", os.path.join(served.dir.name, "refused.journal")],
                                 capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
        self.assertNotEqual(refused.returncode, 0)
        self.assertIn("--fog-strengths is hidden or rounded, not 'exact'", refused.stderr)

    def test_a_system_that_measures_no_sight_refuses_the_fog(self):
        served = Served(CLI, scenario="channel-1778", seed=3, advisory=False)
        self.addCleanup(served.close)
        status, body, _ = served.request("POST", "/api/fog", {"on": True}, code=served.codes["umpire"])
        self.assertEqual(status, 409, body)
        self.assertIn("no fog of war", body["error"])


class InGerman(ServedTestCase):
    """Each page in its own language (docs/companion.md, In German): the page's choice (?language=),
    else its browser's Accept-Language; what a person reads told, keys and codes English; anything
    else a guest sends as a language reads as English and stops nothing."""

    GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}

    def test_01_the_words_of_the_page(self):
        status, words, _ = self.served.request("GET", "/api/words?language=de")
        self.assertEqual(status, 200, words)
        self.assertEqual(words["language"], "de")
        self.assertIn({"id": "de", "name": "Deutsch"}, words["languages"])
        self.assertIn({"id": "en", "name": "English"}, words["languages"])
        self.assertEqual(words["words"]["Enter your dice"], "Ihren Wurf eingeben")
        self.assertEqual(words["words"]["Playing {side}"], "{side} spielt")
        # The browser's header, by its weights: German first, English first, a language not served first.
        for header, expected in (("de-AT", "de"), ("en-GB,de;q=0.5", "en"), ("fr-FR,fr;q=0.9,de;q=0.4", "de"), ("de;q=0,en", "en")):
            status, words, _ = self.served.request("GET", "/api/words", headers={"Accept-Language": header})
            self.assertEqual((status, words["language"]), (200, expected), header)
        self.assertEqual(self.served.request("GET", "/api/words", headers={"Accept-Language": "en"})[1]["words"], {})
        self.assertEqual(self.served.request("POST", "/api/words")[0], 405)

    def test_02_the_state_in_german_with_its_codes_in_english(self):
        english = self.served.request("GET", "/api/state")[1]
        status, state, _ = self.served.request("GET", "/api/state", headers=self.GERMAN)
        self.assertEqual(status, 200)
        self.assertEqual(english["clock_label"], "turn 1, 12:15, French's half")
        self.assertEqual(state["clock_label"], "Zug 1, 12:15, Halbzug von French")
        self.assertEqual(state["phase"], {"id": "a", "name": "Flucht und Unordnung aufheben"})
        self.assertIn("  French: 0 von 14 Basen verloren (0.0 %); überschrittene Schwellen: keine; Einheiten: 4 normal", state["state_lines"])
        # Keys, ids and action words as in English: the page's checks and the actions read them.
        self.assertEqual(sorted(state), sorted(english))
        for key in ("phasing_side", "side_ids", "side_names", "kind_key", "player_kinds", "roster", "sides", "clock", "scenario_name"):
            self.assertEqual(state[key], english[key], key)
        # The page's choice wins over its browser's, either way.
        self.assertEqual(self.served.request("GET", "/api/state?language=de", headers={"Accept-Language": "en"})[1]["clock_label"], state["clock_label"])
        self.assertEqual(self.served.request("GET", "/api/state?language=en", headers=self.GERMAN)[1]["clock_label"], english["clock_label"])

    def test_03_a_roll_request_its_odds_and_the_journal_in_german(self):
        combat = {"do": "combat", "attacker": "F-I1", "defender": "I-I1"}
        status, asked, _ = self.served.request("POST", "/api/rolls", {"side": "french", "action": combat}, code=self.umpire, headers=self.GERMAN)
        self.assertEqual(status, 201, asked)
        status, english, _ = self.served.request("GET", "/api/rolls")
        self.assertEqual(asked["action"], combat)  # the action as sent, never told
        self.assertEqual(asked["roll_kind"], "d6")
        self.assertIn(" greift ", asked["summary"])
        self.assertNotEqual(asked["summary"], english[0]["summary"])
        self.assertEqual([o["numerator"] for o in asked["odds"]], [o["numerator"] for o in english[0]["odds"]])
        self.assertNotEqual([o["outcome"] for o in asked["odds"]], [o["outcome"] for o in english[0]["odds"]])
        self.assertEqual(self.served.request("POST", "/api/rolls/%d" % asked["id"], {"value": 4}, code=self.french)[0], 200)
        status, done, _ = self.served.request("POST", "/api/rolls/%d/apply" % asked["id"], {}, code=self.umpire, headers=self.GERMAN)
        self.assertEqual(status, 200, done)
        self.assertIn("Wurf 4", done["applied"]["summary"])
        self.assertEqual(done["by"], "umpire (roll entered by french)")  # the record's words stay as written
        self.assertEqual(done["applied"]["input"]["by"], "umpire (roll entered by french)")
        lines = self.served.request("GET", "/api/journal", headers=self.GERMAN)[1]
        self.assertIn("Wurf 4", lines[-1]["summary"])
        self.assertIn("roll 4", self.served.request("GET", "/api/journal")[1][-1]["summary"])

    def test_04_units_keep_their_codes_and_say_their_words_beside_them(self):
        me = self.served.request("GET", "/api/me", code=self.french, headers=self.GERMAN)[1]
        unit = next(u for u in me["units"]["french"] if u["code"] == "F-I2")
        self.assertEqual((unit["formation"], unit["presence"]), ("line", "on-board"))
        self.assertEqual(unit["words"], {"formation": "Linie", "presence": "auf dem Tisch"})
        self.assertNotIn("words", self.served.request("GET", "/api/me", code=self.french)[1]["units"]["french"][0])

    def test_05_refusals_in_german(self):
        status, body, _ = self.served.request("POST", "/api/actions", {"do": "end-phase"}, code="0000-0000-0000-0000", headers=self.GERMAN)
        self.assertEqual((status, body["error"]), (401, "unbekannter Beitrittscode"))
        status, body, _ = self.served.request("POST", "/api/actions", {"do": "teleport"}, code=self.umpire, headers=self.GERMAN)
        self.assertEqual(status, 409, body)
        self.assertFalse(body["error"].startswith("unknown action"), body)
        status, body, _ = self.served.request("POST", "/api/actions", {"do": "rally", "unit": "I-I1"}, code=self.french, headers=self.GERMAN)
        self.assertEqual(status, 403, body)
        self.assertIn("gehört nicht zu french", body["error"])

    def test_06_the_live_feed_in_each_pages_language(self):
        async def scenario():
            uri = "ws://127.0.0.1:%d/api/live" % self.served.port
            async with websockets.connect(uri + "?language=de", origin=self.served.origin()) as chosen, \
                    websockets.connect(uri, origin=self.served.origin(), extra_headers=self.GERMAN) as browser, \
                    websockets.connect(uri, origin=self.served.origin()) as english:
                hellos = [json.loads(await page.recv()) for page in (chosen, browser, english)]
                labels = [h["snapshot"]["state"]["clock_label"] for h in hellos]
                self.assertEqual(labels[0], labels[1])
                self.assertTrue(labels[0].startswith("Zug "), labels)
                self.assertTrue(labels[2].startswith("turn "), labels)
                await chosen.send(json.dumps({"type": "auth", "code": "0000-0000-0000-0000"}))
                self.assertEqual(json.loads(await chosen.recv())["error"], "unbekannter Beitrittscode")
                # One action, pushed to each page in its own words.
                self.assertEqual(self.served.request("POST", "/api/actions", {"do": "end-phase"}, code=self.umpire)[0], 200)
                for page, german in ((chosen, True), (browser, True), (english, False)):
                    update = json.loads(await asyncio.wait_for(page.recv(), 5))
                    self.assertEqual(update["type"], "update")
                    summary = update["journal"][-1]["summary"]
                    self.assertEqual(summary.startswith("Ende der Phase"), german, summary)
                    self.assertEqual(update["journal"][-1]["do"], "end-phase")
        asyncio.run(scenario())

    def test_07_a_hostile_language_reads_as_english_and_stops_nothing(self):
        english = self.served.request("GET", "/api/state")[1]["clock_label"]
        hostile = ["../../etc", "../../../../etc/passwd", "de/../../etc", "de%00", "%2e%2e%2fde", "d" * 1500, "*", "de-" + "x" * 1500, "q=1"]
        for value in hostile:
            status, state, _ = self.served.request("GET", "/api/state?language=" + value)
            self.assertEqual((status, state.get("clock_label")), (200, english), (value[:40], state))
            status, words, _ = self.served.request("GET", "/api/words?language=" + value)
            self.assertEqual((status, words["language"], words["words"]), (200, "en", {}), value[:40])
            status, state, _ = self.served.request("GET", "/api/state", headers={"Accept-Language": value})
            self.assertEqual((status, state.get("clock_label")), (200, english), (value[:40], state))
        # A longer address (10 kB) is refused before anything reads it (414 or 431, the line or the header).
        self.assertIn(self.served.request("GET", "/api/words?language=" + "d" * 10000)[0], (414, 431))
        # Bytes that are not UTF-8 in the header and in the query; a header of 10 kB (over the limit
        # of a request's headers: refused whole, 431) and one of 6 kB of entries.
        def raw(data):
            return raw_exchange(self.served, data)
        reply = raw(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: \xff\xfe\xc3(de\r\n\r\n")
        self.assertIn(status_of(reply), (200, 400))
        if status_of(reply) == 200:
            self.assertEqual(body_of(reply)["clock_label"], english)
        reply = raw(b"GET /api/words?language=%ff%fe%c3%28 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        self.assertEqual((status_of(reply), body_of(reply)["language"]), (200, "en"))
        self.assertEqual(status_of(raw(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: " + b"de," * 3400 + b"\r\n\r\n")), 431)
        status, state, _ = self.served.request("GET", "/api/state", headers={"Accept-Language": "xx;q=0.5," * 700 + "de"})
        self.assertEqual((status, state["clock_label"]), (200, english))  # the header's first kilobyte is read, no more

        async def socket_page():
            uri = "ws://127.0.0.1:%d/api/live?language=../../etc" % self.served.port
            async with websockets.connect(uri, origin=self.served.origin()) as page:
                self.assertEqual(json.loads(await page.recv())["snapshot"]["state"]["clock_label"], english)
        asyncio.run(socket_page())
        self.assertEqual(self.served.request("GET", "/api/state", headers=self.GERMAN)[0], 200)


if __name__ == "__main__":
    CLI = sys.argv.pop(1)
    unittest.main(verbosity=2)
