#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""End to end in headless Chromium: a player enters a die for a pending combat on their phone,
the umpire applies it from theirs, and a spectator's page shows the result.

usage: test_browser.py PATH/TO/fortuna-cli [--screenshots DIR]
Drives Debian's chromium through its DevTools protocol with a small client over python3-websockets.
"""
import asyncio
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import websockets

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from companion_server import Served  # noqa: E402

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--remote-debugging-port=0"]


class Browser:
    """One DevTools connection to the browser; pages are flat sessions on it."""

    def __init__(self, socket):
        self.socket = socket
        self.next_id = 0
        self.waiting = {}
        self.reader = asyncio.create_task(self.read())

    async def read(self):
        async for text in self.socket:
            message = json.loads(text)
            future = self.waiting.pop(message.get("id"), None)
            if future is not None and not future.done():
                future.set_result(message)

    async def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        future = asyncio.get_running_loop().create_future()
        self.waiting[self.next_id] = future
        await self.socket.send(json.dumps(message))
        reply = await asyncio.wait_for(future, 30)
        if "error" in reply:
            raise RuntimeError("%s: %s" % (method, reply["error"]))
        return reply["result"]

    async def page(self, url):
        target = await self.send("Target.createTarget", {"url": "about:blank"})
        session = (await self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}))["sessionId"]
        page = Page(self, session)
        await page.send("Emulation.setDeviceMetricsOverride", PHONE)
        await page.send("Page.enable")
        await page.send("Page.navigate", {"url": url})
        return page


class Page:
    def __init__(self, browser, session):
        self.browser, self.session = browser, session

    async def send(self, method, params=None):
        return await self.browser.send(method, params, self.session)

    async def js(self, expression):
        result = await self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError("page script failed: %s" % result["exceptionDetails"])
        return result["result"].get("value")

    async def until(self, expression, what, timeout=10.0):
        deadline = time.monotonic() + timeout
        # The page may still be loading: a missing element counts as "not yet".
        guarded = "(() => { try { return !!(%s); } catch (e) { return false; } })()" % expression
        while time.monotonic() < deadline:
            try:
                if await self.js(guarded):
                    return
            except RuntimeError as error:
                # The page reloading under the question (the language chooser navigates): not yet.
                if "navigated or closed" not in str(error) and "context was destroyed" not in str(error):
                    raise
            await asyncio.sleep(0.05)
        state = await self.js("JSON.stringify({n: view.n, role: view.role, requests: view.requests.length, live: document.getElementById('live').textContent, "
                              "waiting: document.getElementById('waiting').hidden})")
        raise AssertionError("timed out waiting for %s (page: %s)" % (what, state))

    async def screenshot(self, file):
        # The whole page at the phone's width, as a phone user scrolls through it. A tab in
        # the background gets no new frames in headless mode: bring it to the front first.
        await self.send("Page.bringToFront")
        height = await self.js("Math.ceil(document.documentElement.scrollHeight)")
        shot = await self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                          "clip": {"x": 0, "y": 0, "width": PHONE["width"], "height": height, "scale": 1}})
        with open(file, "wb") as out:
            out.write(base64.b64decode(shot["data"]))


def close_browser(process, profile):
    """Stops the browser and removes its profile."""
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
    shutil.rmtree(profile, ignore_errors=True)


async def open_browser():
    """Chromium with its DevTools port: (process, profile folder, DevTools URL)."""
    profile = tempfile.mkdtemp(prefix="fortuna-chromium-")
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    process = subprocess.Popen([chromium, *CHROMIUM_FLAGS, "--user-data-dir=" + profile, "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    for _ in range(300):
        if os.path.exists(port_file) and len(open(port_file).read().split("\n")) >= 2:
            break
        time.sleep(0.1)
    port, path = open(port_file).read().split("\n")[:2]
    return process, profile, "ws://127.0.0.1:%s%s" % (port, path)


async def sea_scenario(served):
    """Issue 25: the Channel 1778 action on the phones: the position in words, a captain's ships,
    a proposal built from the system's own list of a player's actions, accepted by the umpire."""
    process, profile, url = await open_browser()
    try:
        async with websockets.connect(url, max_size=None) as socket:
            browser = Browser(socket)
            state = (await asyncio.to_thread(served.request, "GET", "/api/state"))[1]
            captain = state["acting_side"]
            player = await browser.page(served.url + "#code=" + served.codes[captain])
            umpire = await browser.page(served.url + "#code=" + served.codes["umpire"])
            for page in (player, umpire):
                await page.until("document.getElementById('live').textContent === 'live' && "
                                 "document.getElementById('clock-words').textContent.includes('The Age of Sail')", "the sea's clock in words")
            await player.until("!document.getElementById('position-card').hidden && document.getElementById('casualties').hidden && "
                               "document.getElementById('position').textContent.includes('wind')", "the position in words")
            await player.until("!document.getElementById('propose-any').hidden && document.getElementById('propose-form').hidden && "
                               "[...document.getElementById('g-kind').options].some(o => o.value === 'broadside')", "the system's own proposal form")
            await player.until("document.querySelectorAll('#unit-rows tr').length > 0 && "
                               "document.getElementById('unit-rows').textContent.includes('hull')", "the captain's ships")
            await player.js("""(() => { document.getElementById('g-kind').value = 'anchor';
                document.getElementById('g-kind').dispatchEvent(new Event('change'));
                document.getElementById('g-more').value = '{"drop": true}';
                document.getElementById('propose-any').requestSubmit(); return true; })()""")
            await umpire.until("document.querySelector('#u-proposals button.accept')", "the proposal on the umpire's page")
            await umpire.js("document.querySelector('#u-proposals button.accept').click(), true")
            await player.until("(document.querySelector('#journal li') || {textContent: ''}).textContent.includes('proposed by %s')" % captain,
                               "the anchor in the captain's journal")
            browser.reader.cancel()
    finally:
        close_browser(process, profile)


async def kings_scenario(served):
    """Game Of Kings on the phones: the system's own list of a player's actions, and the turn's
    weather asked of a side with its exact odds, typed on the phone as its two dice and applied by
    the umpire."""
    process, profile, url = await open_browser()
    try:
        async with websockets.connect(url, max_size=None) as socket:
            browser = Browser(socket)
            state = (await asyncio.to_thread(served.request, "GET", "/api/state"))[1]
            side = state["side_ids"][0]
            player = await browser.page(served.url + "#code=" + served.codes[side])
            umpire = await browser.page(served.url + "#code=" + served.codes["umpire"])
            await player.until("document.getElementById('live').textContent === 'live' && !document.getElementById('propose-any').hidden && "
                               "document.getElementById('g-kind-text').hidden && "
                               "[...document.getElementById('g-kind').options].some(o => o.value === 'melee')", "the system's own proposal form")
            status, asked, _ = await asyncio.to_thread(served.request, "POST", "/api/rolls", {"side": side, "action": {"action": "begin-turn"}},
                                                       served.codes["umpire"])
            assert status == 201 and asked["roll_kind"] == "dice:2", (status, asked)
            await player.until("!document.getElementById('dice').hidden && document.querySelectorAll('#dice .odd').length > 0",
                               "the weather's odds on the player's page")
            await player.js("""(() => { document.querySelector('#dice input.die').value = '3,4';
                document.querySelector('#dice button.send-die').click(); return true; })()""")
            await umpire.until("(() => { const b = document.querySelector('#u-rolls button.apply-roll'); return b && !b.disabled; })()",
                               "the umpire seeing the dice typed")
            await umpire.js("document.querySelector('#u-rolls button.apply-roll').click(), true")
            await player.until("(document.querySelector('#journal li') || {textContent: ''}).textContent.includes('gauge 7')",
                               "the weather of the dice typed in the player's journal")
            browser.reader.cancel()
    finally:
        close_browser(process, profile)


async def fog_scenario(served, screenshots):
    """Issue 27, item 6: with the fog of war on, the French player's page says so, draws its own
    board (fetched with the code) without the Imperial cuirassiers hidden in the Eichwald, and the
    umpire's page turns the fog off."""
    process, profile, url = await open_browser()
    try:
        async with websockets.connect(url, max_size=None) as socket:
            browser = Browser(socket)
            status, body, _ = await asyncio.to_thread(
                served.request, "POST", "/api/actions", {"do": "set", "unit": "I-C1", "to": [1200, 620], "reason": "hidden"},
                served.codes["umpire"])
            assert status == 200, body
            player = await browser.page(served.url + "#code=" + served.codes["french"])
            umpire = await browser.page(served.url + "#code=" + served.codes["umpire"])
            await player.until("document.getElementById('live').textContent === 'live' && !document.getElementById('fog').hidden && "
                               "document.getElementById('fog').textContent.startsWith('Fog of war: you see')", "the fog's words")
            await player.until("!view.state.roster.some(u => u.code === 'I-C1') && view.state.roster.some(u => u.code === 'I-I2')",
                               "a roster without the hidden unit")
            await player.until("(document.querySelector('#journal li') || {textContent: ''}).textContent === 'Hidden by the fog of war'",
                               "the hidden journal line")
            await player.until("document.getElementById('board').src.startsWith('blob:') && document.getElementById('board').complete && "
                               "document.getElementById('board').naturalWidth > 0", "the side's own board")
            if screenshots:
                await player.screenshot(os.path.join(screenshots, "companion-fog.png"))
            await umpire.until("document.getElementById('u-fog').checked", "the umpire's fog box")
            await umpire.js("(() => { const box = document.getElementById('u-fog'); box.checked = false; "
                            "box.dispatchEvent(new Event('change')); return true; })()")
            await player.until("document.getElementById('fog').hidden && view.state.roster.some(u => u.code === 'I-C1')",
                               "the fog lifted on the player's page")
            browser.reader.cancel()
    finally:
        close_browser(process, profile)


async def phone_page(browser, served, player, screenshots):
    """Issue 27, item 7: the board drawn at load without the live feed, the units readable at a
    phone's width (a list under the board, the picture zoomed on a tap), the roll box's rules."""
    # A page whose live feed never opens (its WebSocket replaced by one that never connects) still
    # shows the board and the units, from the page itself and GET /api/state.
    page = await browser.page("about:blank")
    await page.send("Page.addScriptToEvaluateOnNewDocument", {"source": "window.WebSocket = class { constructor() { this.readyState = 0; } "
                                                                       "send() {} close() {} }; window.WebSocket.OPEN = 1;"})
    await page.send("Page.navigate", {"url": served.url})
    await page.until("document.getElementById('board').complete && document.getElementById('board').naturalWidth > 0", "the board without the feed")
    await page.until("document.querySelectorAll('#board-rows tr').length > 0", "the units list without the feed")
    assert await page.js("document.getElementById('live').textContent") == "offline"
    codes = await page.js("[...document.querySelectorAll('#board-rows td.code')].map(e => e.textContent)")
    roster = [u["code"] for u in served.request("GET", "/api/state")[1]["roster"] if u["present"]]
    assert codes == roster, (codes, roster)
    # The player's list shows their own units' states and strengths, the enemy's only where they are, at 390 px.
    await player.js("document.getElementById('board-units').open = true")
    row = await player.js("[...document.querySelector('#board-rows tr[data-code=\"F-I1\"]').children].map(e => e.textContent)")
    assert row[0] == "French" and row[1] == "F-I1" and row[2].startswith("normal") and row[3].endswith(" cm"), row
    enemy = await player.js("document.querySelector('#board-rows tr[data-code=\"I-I1\"] td:nth-child(3)').textContent")
    assert enemy == "\u2014", enemy
    fits = await player.js("document.getElementById('board-units').scrollWidth <= document.getElementById('board-units').clientWidth + 1")
    assert fits, "the units list is wider than a 390 px phone"
    # A tap zooms the picture two and a half times inside its card; another fits it again.
    await player.js("document.getElementById('board').click(), true")
    wide = await player.js("[document.getElementById('board').clientWidth, document.getElementById('board-frame').clientWidth]")
    assert wide[0] > 2 * wide[1], wide
    await player.until("/width=(1080|1600)/.test(document.getElementById('board').src)", "the zoomed picture drawn wider")
    if screenshots:
        await player.until("document.getElementById('board').complete", "the zoomed board")
        await player.screenshot(os.path.join(screenshots, "companion-phone-zoomed.png"))
    await player.js("document.getElementById('board').click(), true")
    # The roll box's rules, as the page applies them before sending anything.
    typed = await player.js("""[['random', '0,734'], ['random', '0.5'], ['random', ',25'], ['random', '0'], ['random', '0.999'],
        ['random', '1'], ['random', '0.9999'], ['random', '-0.2'], ['random', 'abc'], ['d6', '6'], ['d6', '7'], ['2d6', '12'],
        ['dice:3', '366'], ['dice:3', '3,6,6'], ['dice:3', '3,7,6']].map(([k, t]) => { const r = typedRoll(k, t); return r.error ? 'refused' : r.value; })""")
    assert typed == ["0.734", "0.500", "0.250", "0.000", "0.999", "refused", "refused", "refused", "refused", 6, "refused", 12,
                     "3,6,6", "3,6,6", "refused"], typed
    # Where the rule set uses random numbers, the box asks for the decimal keys.
    box = await player.js("""(() => { const item = requestItem({id: 0, side: 'french', summary: 'a test', roll_kind: 'random', odds: [], entered: null, note: ''}, true);
        const i = item.querySelector('input.die'); return [i.type, i.inputMode, i.placeholder]; })()""")
    assert box == ["text", "decimal", "0.734"], box


async def scenario(served, screenshots):
    profile = tempfile.mkdtemp(prefix="fortuna-chromium-")
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    process = subprocess.Popen([chromium, *CHROMIUM_FLAGS, "--user-data-dir=" + profile, "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        for _ in range(300):
            if os.path.exists(port_file) and len(open(port_file).read().split("\n")) >= 2:
                break
            time.sleep(0.1)
        port, path = open(port_file).read().split("\n")[:2]
        async with websockets.connect("ws://127.0.0.1:%s%s" % (port, path), max_size=None) as socket:
            browser = Browser(socket)
            codes = served.codes
            spectator = await browser.page(served.url)
            player = await browser.page(served.url + "#code=" + codes["french"])
            umpire = await browser.page(served.url + "#code=" + codes["umpire"])
            live = "document.getElementById('live').textContent === 'live'"
            for page in (spectator, player, umpire):
                await page.until(live + " && document.getElementById('clock').textContent === '12:15'", "the live feed")
            await player.until("document.getElementById('role').textContent === 'Playing French'", "the player's join")
            await umpire.until("!document.getElementById('umpire').hidden", "the umpire's panel")
            if screenshots:
                await spectator.until("document.getElementById('board').complete && document.getElementById('board').naturalWidth > 0", "the board")
                await spectator.screenshot(os.path.join(screenshots, "companion-spectator.png"))

            await phone_page(browser, served, player, screenshots)

            # The umpire asks the French to roll for F-I1 attacking I-I1.
            await umpire.js("""(() => {
                document.getElementById('a-attacker').value = 'F-I1';
                document.getElementById('a-defender').value = 'I-I1';
                document.getElementById('a-side').value = 'french';
                document.getElementById('ask-form').requestSubmit(); return true; })()""")
            await player.until("!document.getElementById('dice').hidden && document.querySelectorAll('#dice .odd').length > 0",
                               "'Enter your dice' on the player's page")
            odds = await player.js("[...document.querySelectorAll('#dice .odd .pct')].map(e => e.textContent)")
            assert odds and all(p.endswith("%") for p in odds), odds
            await spectator.until("!document.getElementById('waiting').hidden", "the spectator seeing the pending roll")
            if screenshots:
                await player.screenshot(os.path.join(screenshots, "companion-player-dice.png"))

            # A d6 is typed in digits on the phone's number keys; out of range or not digits is refused.
            box = await player.js("(() => { const i = document.querySelector('#dice input.die'); return [i.type, i.inputMode, i.pattern]; })()")
            assert box == ["text", "numeric", "[0-9]*"], box
            for bad in ("7", "0", "3.5", "four"):
                await player.js("""(() => { document.querySelector('#dice input.die').value = '%s';
                    document.querySelector('#dice button.send-die').click(); return true; })()""" % bad)
                await player.until("!document.getElementById('toast').hidden && document.getElementById('toast').textContent.includes('1-6')",
                                   "the refusal of %r" % bad)
                await player.js("document.getElementById('toast').hidden = true")
            # The player types the die they threw and sends it.
            await player.js("""(() => { document.querySelector('#dice input.die').value = '4';
                document.querySelector('#dice button.send-die').click(); return true; })()""")
            await umpire.until("(() => { const b = document.querySelector('#u-rolls button.apply-roll'); return b && !b.disabled && b.textContent === 'Apply roll 4'; })()",
                               "the umpire seeing the entered roll")
            if screenshots:
                await umpire.screenshot(os.path.join(screenshots, "companion-umpire.png"))
            await umpire.js("document.querySelector('#u-rolls button.apply-roll').click(), true")

            # The spectator's page shows the result within a second of the umpire's click.
            started = time.monotonic()
            await spectator.until("(document.querySelector('#journal li') || {textContent: ''}).textContent.includes('F-I1') && "
                                  "document.querySelector('#journal li').textContent.includes('roll 4')",
                                  "the result on the spectator's page", timeout=5)
            elapsed = time.monotonic() - started
            assert elapsed < 1.0, "the spectator saw the result after %.2f s" % elapsed
            line = await spectator.js("document.querySelector('#journal li').textContent")
            assert "umpire (roll entered by french)" in line, line
            await player.until("document.getElementById('dice').hidden", "the request leaving the player's page")
            if screenshots:
                await spectator.until("document.getElementById('board').complete", "the new board")
                await spectator.screenshot(os.path.join(screenshots, "companion-spectator-after.png"))
            print("spectator saw: %s (%.0f ms after the umpire's click)" % (line, elapsed * 1000))

            # The umpire revokes the French code from their page: the player's page is told and watches,
            # and the new code is on the umpire's page only.
            async def reissue(who):
                await umpire.js("(() => { document.getElementById('c-who').value = '%s'; "
                                "document.getElementById('codes-form').requestSubmit(); return true; })()" % who)
                shown = "document.querySelector('#c-list dd[data-who=\"%s\"]')" % (who or "french")
                await umpire.until("%s && %s.textContent !== '%s'" % (shown, shown, codes[who or "french"]), "the new code on the umpire's page")
                return await umpire.js(shown + ".textContent")
            french = await reissue("french")
            await player.until("view.role === 'spectator' && view.code === '' && !document.getElementById('join-form').hidden",
                               "the player's page dropped to spectator")
            assert (await asyncio.to_thread(served.request, "GET", "/api/me", None, codes["french"]))[0] == 401
            assert (await asyncio.to_thread(served.request, "GET", "/api/me", None, french))[1]["role"] == "player"
            # The umpire's own: the page joins with the new one and stays the umpire's.
            old = codes["umpire"]
            codes = dict(codes, umpire=await reissue("umpire"))
            await umpire.until("view.code === '%s' && view.role === 'umpire' && !document.getElementById('umpire').hidden" % codes["umpire"],
                               "the umpire's page on the new code")
            assert (await asyncio.to_thread(served.request, "GET", "/api/me", None, old))[0] == 401
            await umpire.js("document.getElementById('u-end-phase').click(), true")
            await spectator.until("(document.querySelector('#journal li') || {textContent: ''}).textContent.includes('End of')",
                                  "the umpire's page acting with the new code")

            # A long journal is paged: a new page gets the last 50 lines and fetches the rest on request;
            # a page that reconnects keeps its lines and gets only what it missed.
            for i in range(60):
                status, answer, _ = await asyncio.to_thread(served.request, "POST", "/api/actions",
                                                            {"do": "formation", "unit": "F-I2", "to": "column" if i % 2 == 0 else "line"},
                                                            codes["umpire"])
                assert status == 200, answer
                # Paced: the pages fetch a picture after every push, all from 127.0.0.1 (40 requests
                # a second, bursts of 120), and the zoom and the state at load took some already.
                await asyncio.sleep(0.07)
            total = (await asyncio.to_thread(served.request, "GET", "/api/state"))[1]["version"]
            late = await browser.page(served.url)
            await late.until("view.state && view.journal.length === 50 && view.journalFirst === %d" % (total - 50), "the last 50 lines")
            await late.until("!document.getElementById('older').hidden", "the Earlier lines button")
            await late.js("document.getElementById('older').click(), true")
            await late.until("view.journalFirst === 0 && view.journal.length === %d" % total, "the older lines fetched")
            seqs = "view.journal.map(l => l.seq).join(',') === Array.from({length: %d}, (_, i) => i + 1).join(',')" % total
            assert await late.js(seqs), await late.js("view.journal.map(l => l.seq)")
            await late.js("view.socket.close(), true")
            await late.until("document.getElementById('live').textContent === 'offline'", "the page offline")
            status, _, _ = await asyncio.to_thread(served.request, "POST", "/api/actions", {"do": "formation", "unit": "F-I2", "to": "column"},
                                                   codes["umpire"])
            await late.until(live + " && view.journal.length === %d && view.journalFirst === 0" % (total + 1), "the reconnected page's lines")
            assert await late.js(seqs.replace(str(total), str(total + 1))), await late.js("view.journal.map(l => l.seq)")
            browser.reader.cancel()
    finally:
        close_browser(process, profile)


async def page_in(browser, url, accept_language):
    """A phone page whose browser asks for this language (its Accept-Language, from the first request)."""
    target = await browser.send("Target.createTarget", {"url": "about:blank"})
    session = (await browser.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}))["sessionId"]
    page = Page(browser, session)
    await page.send("Emulation.setDeviceMetricsOverride", PHONE)
    agent = (await browser.send("Browser.getVersion"))["userAgent"]
    await page.send("Network.enable")
    await page.send("Network.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": accept_language})
    await page.send("Page.enable")
    await page.send("Page.navigate", {"url": url})
    return page


async def german_scenario(served, screenshots):
    """The page in German beside one in English (docs/companion.md, In German): a French player's
    phone that asks for German gets its words and the server's sentences in German while a
    Imperial player's reads English; its chooser then picks English, which the phone remembers."""
    process, profile, url = await open_browser()
    text = "(document.querySelector('%s') || {textContent: ''}).textContent"
    try:
        async with websockets.connect(url, max_size=None) as socket:
            browser = Browser(socket)
            german = await page_in(browser, served.url + "#code=" + served.codes["french"], "de-DE,de;q=0.9,en;q=0.5")
            # The Imperial player's (pages of one browser share localStorage, where a page keeps its code).
            english = await page_in(browser, served.url + "#code=" + served.codes["imperial"], "en-GB,en")
            await german.until("document.documentElement.lang === 'de' && %s === 'French spielt' && %s === 'live'" % (text % "#role", text % "#live"),
                               "the German page joined")
            await german.until("%s.includes('Zug 1 · Halbzug von French') && %s.includes('Flucht und Unordnung')" % (text % "#clock-line", text % "#phase"),
                               "the clock and the phase in German")
            await german.until("%s === 'Verluste und Sauve-qui-peut' && %s.includes('von 14 Basen verloren (0,0 %%)')"
                               % (text % "#casualties h2", text % "#sides"), "the casualties in German")
            await english.until("document.documentElement.lang === 'en' && %s.includes('Rout and disruption removal')" % (text % "#phase"),
                                "the English page at the same time")
            status, asked, _ = await asyncio.to_thread(served.request, "POST", "/api/rolls",
                                                       {"side": "french", "action": {"do": "combat", "attacker": "F-I1", "defender": "I-I1"}},
                                                       served.codes["umpire"])
            assert status == 201, (status, asked)
            await german.until("%s === 'Ihren Wurf eingeben' && %s.includes(' greift ') && %s.includes('Keine Wirkung') && %s.includes('French würfelt d6')"
                               % (text % "#dice h2", text % "#dice .what", text % "#dice .odds", text % "#dice .meta"), "the dice box in German")
            await english.until("%s === 'Waiting for dice' && %s.includes(' attacks ') && %s.includes('No effect')"
                                % (text % "#waiting h2", text % "#waiting .what", text % "#waiting .odds"), "the same request in English")
            if screenshots:
                await german.screenshot(os.path.join(screenshots, "companion-german.png"))
            await german.js("""(() => { document.querySelector('#dice input.die').value = '4';
                document.querySelector('#dice button.send-die').click(); return true; })()""")
            await german.until("%s === 'Gesendet: 4. Der Schiedsrichter wendet ihn an.'" % (text % "#toast"), "the German toast")
            status, done, _ = await asyncio.to_thread(served.request, "POST", "/api/rolls/%d/apply" % asked["id"], {}, served.codes["umpire"])
            assert status == 200, (status, done)
            await german.until("%s.includes('Wurf 4') && %s.includes('Schiedsrichter (Wurf eingegeben von french)')"
                               % (text % "#journal li", text % "#journal li"), "the journal line in German")
            await english.until("%s.includes('roll 4') && %s.includes('umpire (roll entered by french)')"
                                % (text % "#journal li", text % "#journal li"), "the journal line in English")
            # The chooser: English on this phone, remembered past a reload without ?language=.
            await german.js("(() => { const s = document.getElementById('language'); s.value = 'en'; s.dispatchEvent(new Event('change')); return true; })()")
            # (Joined again with the code this browser kept last: the Imperial page's.)
            await german.until("document.documentElement.lang === 'en' && %s.startsWith('Playing ') && %s.includes('roll 4')"
                               % (text % "#role", text % "#journal li"), "the page in English by its chooser")
            assert await german.js("localStorage.getItem('fortuna-language')") == "en"
            await german.send("Page.navigate", {"url": served.url})
            await german.until("document.documentElement.lang === 'en' && document.getElementById('language').value === 'en' && %s === 'live'"
                               % (text % "#live"), "English remembered")
            browser.reader.cancel()
    finally:
        close_browser(process, profile)


def main():
    args = sys.argv[1:]
    cli = args.pop(0)
    screenshots = args[args.index("--screenshots") + 1] if "--screenshots" in args else None
    if not (shutil.which("chromium") or os.path.exists("/usr/bin/chromium")):
        print("chromium is not installed (scripts/fortuna.sh deps installs it)", file=sys.stderr)
        return 1
    served = Served(cli)
    try:
        asyncio.run(scenario(served, screenshots))
        code, _ = served.stop()
        assert code == 0, served.stderr
    finally:
        served.close()
    sea = Served(cli, scenario="channel-1778", seed=1778, advisory=False)
    try:
        asyncio.run(sea_scenario(sea))
        code, _ = sea.stop()
        assert code == 0, sea.stderr
    finally:
        sea.close()
    kings = Served(cli, scenario="encounter-1745", seed=5, advisory=False)
    try:
        asyncio.run(kings_scenario(kings))
        code, _ = kings.stop()
        assert code == 0, kings.stderr
    finally:
        kings.close()
    fogged = Served(cli, extra=("--fog",))
    try:
        asyncio.run(fog_scenario(fogged, screenshots))
        code, _ = fogged.stop()
        assert code == 0, fogged.stderr
    finally:
        fogged.close()
    in_german = Served(cli)
    try:
        asyncio.run(german_scenario(in_german, screenshots))
        code, _ = in_german.stop()
        assert code == 0, in_german.stderr
    finally:
        in_german.close()
    print("ok: a player's die, applied by the umpire, reached the spectator; a captain's proposal at sea was accepted; "
          "the weather of Game Of Kings was typed on a phone; a player in the fog of war saw only what their units see; "
          "a phone read the game in German beside one in English and chose English")
    return 0


if __name__ == "__main__":
    sys.exit(main())
