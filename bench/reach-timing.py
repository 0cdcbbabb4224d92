#!/usr/bin/python3
"""What tb reach's own work adds to a probe's figures: a loopback echo and a loopback connect, alone and beside an
http and an https check whose set-up is slow (libcurl loading a CA file of 300 certificates).

usage: reach-timing.py TB [RUNS]
Runs `tb reach 127.0.0.1 127.0.0.1:PORT` (alone) and the same with `http://127.0.0.1:PORT2/` and
`https://127.0.0.1:PORT3/ --cacert BUNDLE` after them (mixed), alternately, RUNS times each (default 15), against
servers on 127.0.0.1. Prints the median rtt_avg_ms and connect_ms of both and their differences, one line each:
`echo ALONE MIXED` and `connect ALONE MIXED` (milliseconds).
"""
import http.server
import json
import os
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading


class Quiet(http.server.BaseHTTPRequestHandler):
    def do_HEAD(self):
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_HEAD

    def log_message(self, *arguments):
        pass


def serve(context=None):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    if context:
        server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


def main():
    tb = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    work = tempfile.mkdtemp()
    key, certificate, bundle = (os.path.join(work, name) for name in ("key.pem", "cert.pem", "bundle.pem"))
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
         "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True)
    with open(certificate) as file, open(bundle, "w") as out:
        out.write(file.read() * 300)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    plain, secure = serve(), serve(context)
    probes = ["127.0.0.1", "127.0.0.1:%d" % plain]
    slow = ["http://127.0.0.1:%d/" % plain, "https://127.0.0.1:%d/" % secure, "--cacert", bundle]
    environment = dict(os.environ, TB_HISTORY="off")
    figures = {"alone": {"echo": [], "connect": []}, "mixed": {"echo": [], "connect": []}}
    for _ in range(runs):
        for kind, arguments in (("alone", probes), ("mixed", probes + slow)):
            run = subprocess.run([tb, "reach", "--json"] + arguments, capture_output=True, text=True,
                                 env=environment)
            records = {record["target"]: record for record in map(json.loads, run.stdout.splitlines())}
            figures[kind]["echo"].append(records[probes[0]]["rtt_avg_ms"])
            figures[kind]["connect"].append(records[probes[1]]["connect_ms"])
    for figure in ("echo", "connect"):
        alone = statistics.median(figures["alone"][figure])
        mixed = statistics.median(figures["mixed"][figure])
        print("%s %.3f %.3f" % (figure, alone, mixed))


main()
