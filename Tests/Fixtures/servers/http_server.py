#!/usr/bin/env python3
"""A small HTTP server for tb's tests: the responses nginx will not give (drip-fed, stalled, flaky, broken).

usage: http_server.py ROOT
Listens on 127.0.0.1 on a port the system picks, prints "PORT <n>" and serves until killed:
  /file/NAME            the file ROOT/NAME with a Content-Length
  /chunked/NAME         the same, chunked in pieces of 7 bytes
  /gzip/NAME            the same with Content-Encoding: gzip
  /zstd/NAME            the same with Content-Encoding: zstd when the request accepts it (zstd(1) compresses), else
                        plain
  /status/CODE          an empty response with that status
  /redirect-loop        a redirect to itself
  /slow/SECONDS/NAME    waits, then sends the file
  /drip/N/SECONDS       N lines "item K", each sent at once, then silence for SECONDS, then the end
  /htmldrip/N/SECONDS   the same as an HTML page: a 1 KB head, N paragraphs and a 5 KB comment before the silence
  /infinite             lines for ever, until the client goes away
  /flaky/KEY/N/NAME     503 the first N times for KEY, then the file
  /headers              the request headers as the body
  /charset/CHARSET/NAME the file with Content-Type: application/rss+xml; charset=CHARSET
  /redirect/PATH        a redirect to /PATH
  /feeddrip/N/SECONDS   an RSS feed: N items sent at once, then silence for SECONDS, then the end
  /infinite-feed        an RSS feed whose items never end, until the client goes away
  /infinite-html        an HTML page whose paragraphs never end, until the client goes away
  /short/EXTRA/NAME     the file with a Content-Length EXTRA bytes too large, then the connection closes
  /retry-after/CODE/VALUE   an empty response with that status and Retry-After: VALUE (percent-decoded)
  /busy/KEY/N/VALUE/NAME    CODE 429 with Retry-After: VALUE the first N times for KEY, then the file
  /etag/KEY/NAME        the file with ETag "KEY-n" and a Last-Modified, n counting the requests for KEY; an
                        If-None-Match naming the latest ETag gets a 304 with the next one (ETags that change on 304)
  /count/KEY            how many requests /busy and /flaky have had for KEY, as the body
  /validators/KEY/KIND/NAME  the file with a hostile or odd validator of KIND (see VALIDATORS): control (an ETag of
                        12,000 control bytes), long (an ETag of 70 KB of A), cr (an ETag with a bare CR and a header
                        after it), lm-control and lm-long (the same for Last-Modified), unquoted (an ETag without
                        quotes, as real servers send); a 304 when If-None-Match names the ETag. Each request's
                        validators are kept for KEY
  /requests/KEY         the validators (If-None-Match, If-Modified-Since) and any X-Injected header of each request
                        /validators had for KEY, as a JSON list
  /stall/SECONDS        the headers of a 200 with a 100-byte body, then nothing for SECONDS, then the connection closes
  /drop/BYTES/NAME      the file chunked, cut after BYTES bytes: no last chunk, the connection closed
  /reset/BYTES/NAME     the same, but the connection is reset (RST) instead of closed
  /content-length/VALUE/NAME  the file with Content-Length: VALUE (percent-decoded) as given, true or not; then the
                        connection closes
  /bad-gzip             a 200 with Content-Encoding: gzip whose body is the gzip magic followed by garbage
  /big-headers/KIB/NAME the file after KIB KiB of header fields (X-Padding-N, 1 KiB each)
  /big-header/KIB/NAME  the file after one header field of KIB KiB
  /trickle/SECONDS/NAME the file one byte every SECONDS seconds, with its Content-Length, until the client goes away
  /location/URL         a 302 to URL (percent-decoded), whatever its scheme: file:///etc/passwd, say
"""
import gzip
import http.server
import json
import os
import socket
import socketserver
import struct
import subprocess
import sys
import threading
import time
import urllib.parse

ROOT = sys.argv[1]
FAILURES = {}
ETAGS = {}
REQUESTS = {}
# Control bytes a header can carry and JSON writes as \u00XX, six bytes each (not NUL, CR or LF, which end a header,
# nor the ones JSON writes as \b, \t or \f).
CONTROLS = "".join(chr(c) for c in range(1, 32) if c not in (8, 9, 10, 12, 13))
GOOD_DATE = "Tue, 01 Dec 2026 08:00:00 GMT"
VALIDATORS = {
    "control": ('"%s"' % (CONTROLS * (12000 // len(CONTROLS) + 1))[:12000], GOOD_DATE),
    "long": ('"%s"' % ("A" * 70000), GOOD_DATE),
    "cr": ('"abc\rX-Injected: yes"', GOOD_DATE),
    "lm-control": ('"good"', GOOD_DATE + "\x01\x7f"),
    "lm-long": ('"good"', GOOD_DATE + " " + "A" * 9000),
    "unquoted": ("abc123", GOOD_DATE),
}
LOCK = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_body(self, body, status=200, headers=()):
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def send_chunked_start(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def send_chunk(self, data):
        """One chunk, flushed at once; an empty one ends the body."""
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def send_validated(self, not_modified, headers, name):
        """A 304 with `headers` when `not_modified`, else the file at the path `name` (a list of parts) with them."""
        if not_modified:
            self.send_response(304)
            for header, value in headers:
                self.send_header(header, value)
            self.end_headers()
        else:
            self.send_body(self.read("/".join(name)), headers=headers)

    def read(self, name):
        with open(os.path.join(ROOT, name), "rb") as f:
            return f.read()

    def endless(self, pattern, head=b"", content_type=None):
        """Chunked lines from `pattern` (with %d for the line's number) after `head`, until the client goes away."""
        self.send_response(200)
        if content_type:
            self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        if head:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(head), head))
        k = 0
        while True:
            line = pattern % k
            self.wfile.write(b"%x\r\n%s\r\n" % (len(line), line))
            k += 1
            if k % 100 == 0:
                self.wfile.flush()
                time.sleep(0.01)

    def do_GET(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        try:
            route = parts[0]
            if route == "file":
                self.send_body(self.read("/".join(parts[1:])))
            elif route == "chunked":
                body = self.read("/".join(parts[1:]))
                self.send_response(200)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for i in range(0, len(body), 7):
                    piece = body[i:i + 7]
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                self.wfile.write(b"0\r\n\r\n")
            elif route == "gzip":
                self.send_body(gzip.compress(self.read("/".join(parts[1:]))), headers=[("Content-Encoding", "gzip")])
            elif route == "zstd":
                body = self.read("/".join(parts[1:]))
                if "zstd" in self.headers.get("Accept-Encoding", ""):
                    body = subprocess.run(["zstd", "-q", "-c"], input=body, stdout=subprocess.PIPE, check=True).stdout
                    self.send_body(body, headers=[("Content-Encoding", "zstd")])
                else:
                    self.send_body(body)
            elif route == "status":
                self.send_body(b"", status=int(parts[1]))
            elif route == "redirect-loop":
                self.send_body(b"", status=302, headers=[("Location", "/redirect-loop")])
            elif route == "slow":
                time.sleep(float(parts[1]))
                self.send_body(self.read("/".join(parts[2:])))
            elif route in ("drip", "htmldrip"):
                count, pause = int(parts[1]), float(parts[2])
                self.send_response(200)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                html = route == "htmldrip"
                if html:
                    head = b"<!DOCTYPE html><title>drip</title><!-- %s -->\n" % (b"x" * 1100)
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(head), head))
                for k in range(count):
                    line = (b"<p>paragraph %d</p>\n" if html else b"item %d\n") % k
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(line), line))
                    self.wfile.flush()
                if html:
                    # More than the 4,000 bytes libxml2 reads ahead, so that the paragraphs are parsed before the stall.
                    tail = b"<!-- %s -->\n" % (b"y" * 5000)
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(tail), tail))
                    self.wfile.flush()
                time.sleep(pause)
                self.wfile.write(b"0\r\n\r\n")
            elif route == "infinite-html":
                self.endless(b"<p>paragraph %d</p>\n", b"<!DOCTYPE html><title>endless</title>\n", "text/html")
            elif route == "infinite":
                self.endless(b"line %d\n")
            elif route == "flaky":
                key, failures = parts[1], int(parts[2])
                with LOCK:
                    seen = FAILURES.get(key, 0)
                    FAILURES[key] = seen + 1
                if seen < failures:
                    self.send_body(b"try again", status=503)
                else:
                    self.send_body(self.read("/".join(parts[3:])))
            elif route == "charset":
                content_type = "application/rss+xml; charset=" + parts[1]
                self.send_body(self.read("/".join(parts[2:])), headers=[("Content-Type", content_type)])
            elif route == "redirect":
                self.send_body(b"", status=302, headers=[("Location", "/" + "/".join(parts[1:]))])
            elif route == "feeddrip":
                count, pause = int(parts[1]), float(parts[2])
                self.send_chunked_start()
                self.send_chunk(b'<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Drip</title>\n')
                for k in range(count):
                    self.send_chunk(b"<item><title>item %d</title><guid>%d</guid></item>\n" % (k, k))
                time.sleep(pause)
                self.send_chunk(b"</channel></rss>\n")
                self.send_chunk(b"")
            elif route == "infinite-feed":
                self.send_chunked_start()
                self.send_chunk(b'<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Endless</title>\n')
                k = 0
                while True:
                    self.send_chunk(b"<item><title>item %d</title></item>\n" % k)
                    k += 1
                    if k % 100 == 0:
                        time.sleep(0.01)
            elif route == "short":
                body = self.read("/".join(parts[2:]))
                self.send_response(200)
                self.send_header("Content-Length", str(len(body) + int(parts[1])))
                self.end_headers()
                self.wfile.write(body)
                self.wfile.flush()
                self.close_connection = True
            elif route == "retry-after":
                value = urllib.parse.unquote(parts[2])
                self.send_body(b"", status=int(parts[1]), headers=[("Retry-After", value)])
            elif route == "busy":
                key, failures, value = parts[1], int(parts[2]), urllib.parse.unquote(parts[3])
                with LOCK:
                    seen = FAILURES.get(key, 0)
                    FAILURES[key] = seen + 1
                if seen < failures:
                    self.send_body(b"slow down", status=429, headers=[("Retry-After", value)])
                else:
                    self.send_body(self.read("/".join(parts[4:])))
            elif route == "count":
                with LOCK:
                    seen = FAILURES.get(parts[1], 0)
                self.send_body(b"%d" % seen)
            elif route == "etag":
                key = parts[1]
                with LOCK:
                    n = ETAGS.get(key, 0)
                    ETAGS[key] = n + 1
                latest = '"%s-%d"' % (key, n - 1)
                headers = [("ETag", '"%s-%d"' % (key, n)), ("Last-Modified", "Tue, 01 Dec 2026 08:00:%02d GMT" % (n % 60))]
                self.send_validated(n > 0 and self.headers.get("If-None-Match") == latest, headers, parts[2:])
            elif route == "validators":
                key, (etag, modified) = parts[1], VALIDATORS[parts[2]]
                with LOCK:
                    REQUESTS.setdefault(key, []).append({
                        "if_none_match": self.headers.get("If-None-Match"),
                        "if_modified_since": self.headers.get("If-Modified-Since"),
                        "x_injected": self.headers.get("X-Injected"),
                    })
                headers = [("ETag", etag), ("Last-Modified", modified)]
                self.send_validated(self.headers.get("If-None-Match") == etag, headers, parts[3:])
            elif route == "requests":
                with LOCK:
                    self.send_body(json.dumps(REQUESTS.get(parts[1], [])).encode())
            elif route == "stall":
                self.send_response(200)
                self.send_header("Content-Type", "application/rss+xml")
                self.send_header("Content-Length", "100")
                self.end_headers()
                self.wfile.flush()
                time.sleep(float(parts[1]))
                self.close_connection = True
            elif route in ("drop", "reset"):
                body = self.read("/".join(parts[2:]))[:int(parts[1])]
                self.send_response(200)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                self.wfile.write(b"%x\r\n%s\r\n" % (len(body), body))
                self.wfile.flush()
                if route == "reset":
                    # SO_LINGER with a zero timeout: close() sends a reset instead of an orderly end.
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                else:
                    # An orderly end (FIN) in the middle of the body.
                    self.connection.shutdown(socket.SHUT_WR)
                self.connection.close()
                self.close_connection = True
            elif route == "content-length":
                body = self.read("/".join(parts[2:]))
                self.send_response(200)
                self.send_header("Content-Length", urllib.parse.unquote(parts[1]))
                self.end_headers()
                self.wfile.write(body)
                self.wfile.flush()
                self.close_connection = True
            elif route == "bad-gzip":
                body = b"\x1f\x8b\x08\x00" + bytes(range(256)) * 16
                self.send_body(body, headers=[("Content-Encoding", "gzip"), ("Content-Type", "application/rss+xml")])
            elif route == "big-headers":
                padding = b"x" * 1000
                headers = [("X-Padding-%d" % k, padding.decode()) for k in range(int(parts[1]))]
                self.send_body(self.read("/".join(parts[2:])), headers=headers)
            elif route == "big-header":
                self.send_body(self.read("/".join(parts[2:])), headers=[("X-Padding", "x" * (int(parts[1]) * 1024))])
            elif route == "trickle":
                pause, body = float(parts[1]), self.read("/".join(parts[2:]))
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                for k in range(len(body)):
                    self.wfile.write(body[k:k + 1])
                    self.wfile.flush()
                    time.sleep(pause)
            elif route == "location":
                target = urllib.parse.unquote("/".join(parts[1:]))
                self.send_body(b"", status=302, headers=[("Location", target)])
            elif route == "headers":
                self.send_body(str(self.headers).encode())
            else:
                self.send_body(b"no such route", status=404)
        except (BrokenPipeError, ConnectionResetError):
            pass
        except FileNotFoundError:
            self.send_body(b"not found", status=404)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


server = Server(("127.0.0.1", 0), Handler)
print("PORT %d" % server.server_address[1], flush=True)
server.serve_forever()
