#!/usr/bin/python3
"""An HTTPS server on 127.0.0.1 for the tests of tb reach: tls_server.py CERTIFICATE KEY.

CERTIFICATE may hold a chain (the server's certificate, then intermediates), sent as it is. Every GET and HEAD gets
200 and "ok" (but a HEAD of /no-head, 405); connections that only make the handshake are served too, one thread each. Prints "PORT n" once
listening on a free port.
"""
import http.server
import ssl
import sys


class Handler(http.server.BaseHTTPRequestHandler):
    def do_HEAD(self):
        # /no-head refuses HEAD, as some servers do: the client asks again with a GET.
        if self.path == "/no-head" and self.command == "HEAD":
            self.send_response(405)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Length", "3")
        self.end_headers()

    def do_GET(self):
        self.do_HEAD()
        self.wfile.write(b"ok\n")

    def log_message(self, *arguments):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, address):
        pass  # a handshake tb ends at once, or refuses, is no error here


context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(sys.argv[1], sys.argv[2])
server = Server(("127.0.0.1", 0), Handler)
server.socket = context.wrap_socket(server.socket, server_side=True)
print(f"PORT {server.server_address[1]}", flush=True)
server.serve_forever()
