# SPDX-License-Identifier: MIT
"""Starts `fortuna-cli serve` on 127.0.0.1 with a free port and talks to it: shared by the companion's tests."""
import http.client
import json
import os
import signal
import subprocess
import tempfile
import urllib.parse


class Served:
    """One `fortuna-cli serve` process: its URL, join codes, journal, and helpers to call the API."""

    def __init__(self, cli, scenario="test-skirmish", seed=7, extra=(), stdin=False, advisory=True):
        self.dir = tempfile.TemporaryDirectory(prefix="fortuna-companion-")
        self.journal = os.path.join(self.dir.name, "game.journal")
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        self.process = subprocess.Popen(
            [cli, "--json", "serve", *(["--advisory"] if advisory else []), "--scenario", scenario, "--seed", str(seed), "--bind", "127.0.0.1", "--port", "0",
             "--journal", self.journal, *extra],
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        first = self.process.stdout.readline()
        if not first:
            raise RuntimeError("fortuna-cli serve printed nothing: " + self.process.stderr.read())
        self.hello = json.loads(first)
        self.url = self.hello["url"]
        parsed = urllib.parse.urlparse(self.url)
        self.host, self.port = parsed.hostname, parsed.port
        self.codes = self.hello["codes"]

    def request(self, method, path, body=None, code=None, headers=None, raw=None):
        """(status, parsed JSON or bytes, headers) of one request."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
        sent = dict(headers or {})
        if code is not None:
            sent["Authorization"] = "Bearer " + code
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        if data is not None:
            sent.setdefault("Content-Type", "application/json")
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        payload = response.read()
        connection.close()
        kind = response.getheader("Content-Type", "")
        return response.status, (json.loads(payload) if kind.startswith("application/json") else payload), response

    def type_line(self, line):
        """A line typed on serve's standard input (Served(..., stdin=True)); the JSON line it answers."""
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def origin(self):
        return "http://127.0.0.1:%d" % self.port

    def stop(self):
        """SIGTERM, as a club's laptop is shut down; returns the exit code and the final stdout."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        out, err = self.process.communicate(timeout=20)
        self.stderr = err
        return self.process.returncode, out

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()
        self.dir.cleanup()
