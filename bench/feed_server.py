#!/usr/bin/python3
"""A feed server for the network benchmark: the files of a directory over HTTP/1.1 on one or more loopback addresses.

usage: feed_server.py ROOT LOG [--hosts N] [--latency SECONDS] [--drip BYTES SECONDS]
Serves ROOT/NAME at /NAME on 127.0.0.1 ... 127.0.0.N (default 1), all on one port, which it prints on stdout once
every address listens and every file is read; runs until its stdin closes. Every response waits --latency seconds
(default 0.1) before its status line, as a distant server would. --drip sends bodies in pieces of BYTES every
SECONDS, a slow link. Connections are kept alive (HTTP/1.1), so a client may send several requests over one. Each
file has a strong ETag (a hash of its bytes) and a Last-Modified (its mtime); If-None-Match, else If-Modified-Since,
answers 304 without a body. With `Accept-Encoding: gzip` the body is gzip-compressed, under its own ETag. Every
request is one line of LOG: connection id, address, method, path, status, body bytes sent, whether it carried
If-None-Match (inm=) and If-Modified-Since (ims=), and how many connections were open on its address then (open=).
"""
import email.utils
import gzip
import hashlib
import os
import socket
import socketserver
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler

connections = iter(range(1, 1 << 62))
lock = threading.Lock()
cache = {}


def variants(path):
    """The plain and gzip bodies of a file with their ETags, and its Last-Modified time, computed once."""
    with lock:
        if path not in cache:
            with open(path, "rb") as file:
                body = file.read()
            tag = hashlib.sha1(body).hexdigest()[:16]
            packed = gzip.compress(body, compresslevel=6, mtime=0)
            cache[path] = (body, '"%s"' % tag, packed, '"%s-gz"' % tag, int(os.stat(path).st_mtime))
        return cache[path]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        with lock:
            self.connection_id = next(connections)
            self.server.open += 1

    def finish(self):
        with lock:
            self.server.open -= 1
        super().finish()

    def log_message(self, *args):
        pass

    def do_HEAD(self):
        self.answer(send_body=False)

    def do_GET(self):
        self.answer(send_body=True)

    def answer(self, send_body):
        server = self.server
        name = self.path.split("?", 1)[0].lstrip("/")
        path = os.path.join(server.root, name)
        time.sleep(server.latency)
        if "/" in name or not os.path.isfile(path):
            self.finish_response(404, [], b"not found\n", send_body)
            return
        body, tag, packed, packed_tag, modified = variants(path)
        compressed = "gzip" in self.headers.get("Accept-Encoding", "")
        if compressed:
            body, tag = packed, packed_tag
        headers = [("ETag", tag), ("Last-Modified", email.utils.formatdate(modified, usegmt=True)),
                   ("Content-Type", "application/rss+xml"), ("Vary", "Accept-Encoding")]
        if compressed:
            headers.append(("Content-Encoding", "gzip"))
        if self.not_modified(tag, modified):
            self.finish_response(304, headers, b"", send_body)
        else:
            self.finish_response(200, headers, body, send_body)

    def not_modified(self, tag, modified):
        matches = self.headers.get("If-None-Match")
        if matches is not None:
            return matches.strip() == "*" or tag in [t.strip().removeprefix("W/") for t in matches.split(",")]
        since = self.headers.get("If-Modified-Since")
        if since is not None:
            try:
                return email.utils.parsedate_to_datetime(since).timestamp() >= modified
            except (TypeError, ValueError):
                return False
        return False

    def finish_response(self, status, headers, body, send_body):
        self.send_response_only(status)
        for name, value in headers:
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        sent = 0
        if send_body and status != 304:
            sent = self.drip(body)
        self.server.record("%d %s %s %s %d %d inm=%s ims=%s open=%d" % (
            self.connection_id, self.server.server_address[0], self.command, self.path, status, sent,
            "yes" if "If-None-Match" in self.headers else "no",
            "yes" if "If-Modified-Since" in self.headers else "no", self.server.open))

    def drip(self, body):
        piece, pause = self.server.drip
        if piece <= 0:
            self.wfile.write(body)
            return len(body)
        sent = 0
        while sent < len(body):
            self.wfile.write(body[sent:sent + piece])
            self.wfile.flush()
            sent += min(piece, len(body) - sent)
            if sent < len(body):
                time.sleep(pause)
        return sent


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128

    def __init__(self, address, root, log, latency, drip):
        super().__init__(address, Handler)
        self.root, self.log, self.latency, self.drip = root, log, latency, drip
        self.open = 0

    def record(self, line):
        with lock:
            self.log.write(line + "\n")
            self.log.flush()


def main():
    arguments = sys.argv[1:]
    root, log_path = arguments[0], arguments[1]
    hosts, latency, drip = 1, 0.1, (0, 0.0)
    options = arguments[2:]
    while options:
        option = options.pop(0)
        if option == "--hosts":
            hosts = int(options.pop(0))
        elif option == "--latency":
            latency = float(options.pop(0))
        elif option == "--drip":
            drip = (int(options.pop(0)), float(options.pop(0)))
        else:
            sys.exit("feed_server.py: unknown option %s" % option)
    log = open(log_path, "a", encoding="utf-8")
    # One port for every address: the first binds any free port, the others take the same one; a port some other
    # program holds on one of the addresses makes it start over.
    for _ in range(20):
        servers = [Server(("127.0.0.1", 0), root, log, latency, drip)]
        port = servers[0].server_address[1]
        try:
            for host in range(2, hosts + 1):
                servers.append(Server(("127.0.0.%d" % host, port), root, log, latency, drip))
            break
        except OSError:
            for server in servers:
                server.server_close()
    else:
        sys.exit("feed_server.py: no port free on all %d addresses" % hosts)
    # Every body (and its gzip) is made before the first request, so that no measured response waits for it.
    for name in os.listdir(root):
        if os.path.isfile(os.path.join(root, name)):
            variants(os.path.join(root, name))
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print(port, flush=True)
    sys.stdin.read()


if __name__ == "__main__":
    main()
