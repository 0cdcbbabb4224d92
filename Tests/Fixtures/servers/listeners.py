#!/usr/bin/env python3
"""Ports for tb reach's tests and benchmark, on 127.0.0.1: listening, closed, and silent.

usage: listeners.py OPEN CLOSED SILENT
Prints one JSON line {"open": [...], "closed": [...], "silent": [...]} and keeps the sockets until killed (or until
a line arrives on stdin: "close PORT" closes that listener).
  open    listening sockets (connects succeed; nothing is ever read)
  closed  ports that were free a moment ago (connects are refused)
  silent  listeners whose accept queue is full: their SYNs are dropped, so connects time out
"""
import json
import socket
import sys


def listener(backlog):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", 0))
    s.listen(backlog)
    return s


def main():
    opened, closed, silent = (int(n) for n in sys.argv[1:4])
    keep = {}
    ports = {"open": [], "closed": [], "silent": []}
    for _ in range(opened):
        s = listener(128)
        keep[s.getsockname()[1]] = s
        ports["open"].append(s.getsockname()[1])
    free = []
    for _ in range(closed):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        free.append(s)
    for s in free:
        ports["closed"].append(s.getsockname()[1])
        s.close()
    fillers = []
    for _ in range(silent):
        s = listener(0)
        port = s.getsockname()[1]
        keep[port] = s
        # Fill the accept queue: once a connect does not complete at once, the queue is full.
        for _ in range(8):
            c = socket.socket()
            c.setblocking(False)
            c.connect_ex(("127.0.0.1", port))
            fillers.append(c)
            try:
                c.settimeout(0.2)
                c.send(b"")
                c.getpeername()
            except OSError:
                break
        ports["silent"].append(port)
    print(json.dumps(ports), flush=True)
    for line in sys.stdin:
        words = line.split()
        if len(words) == 2 and words[0] == "close" and int(words[1]) in keep:
            keep.pop(int(words[1])).close()
            print("closed", words[1], flush=True)


if __name__ == "__main__":
    main()
