#!/usr/bin/env python3
"""A TCP relay for tb's streaming tests: it passes a long answer on only in part until the test lets it go on.

usage: holding_relay.py TARGET_PORT HOLD_AFTER_BYTES TIMEOUT_SECONDS [PIECE_BYTES PAUSE_MILLISECONDS]
Listens on 127.0.0.1 on a port the system picks, prints "PORT <n>" and relays every connection to 127.0.0.1:TARGET_PORT
until killed. What the client sends goes to the server at once; what the server sends goes to the client at once
until HOLD_AFTER_BYTES bytes of one connection have gone, then the rest of it is held back until the test writes
"release" on stdin, or TIMEOUT_SECONDS have passed (so that a client that waits for everything cannot hang the test).
With PIECE_BYTES, what the server sends goes on in pieces of at most that many bytes, PAUSE_MILLISECONDS apart: an
answer split finer and spread out than the server wrote it.
Events on stdout, one a line, flushed at once:
  HOLD                 the first connection to reach HOLD_AFTER_BYTES is held from now on
  RELEASED request     "release" arrived before any of the answer beyond HOLD_AFTER_BYTES had gone on: it goes on
  RELEASED timeout     TIMEOUT_SECONDS passed first
  RELEASED idle        "release" arrived but there was nothing to hold (the answers were all shorter than
                       HOLD_AFTER_BYTES)
Once released, nothing is held again. Whether an answer was held back does not depend on how the server's bytes are
split: a release that comes while a connection has passed HOLD_AFTER_BYTES or fewer is "request" as soon as that
connection's answer proves longer, whether or not its bytes beyond HOLD_AFTER_BYTES had reached the relay by then, and
"idle" when every such answer ends within HOLD_AFTER_BYTES (or nothing more comes within TIMEOUT_SECONDS).
"""
import socket
import sys
import threading
import time

TARGET = int(sys.argv[1])
HOLD_AFTER = int(sys.argv[2])
TIMEOUT = float(sys.argv[3])
PIECE = int(sys.argv[4]) if len(sys.argv) > 4 else 65536
PAUSE = float(sys.argv[5]) / 1000 if len(sys.argv) > 5 else 0
RELEASED = threading.Event()
# held: a connection waits at HOLD_AFTER; open: the answers under way (their pumps); pending: those that were under
# way when the release came, none beyond HOLD_AFTER then, until one proves longer or all have ended.
STATE = {"held": False, "open": set(), "pending": set()}
LOCK = threading.Lock()
OUTPUT = threading.Lock()


def event(text):
    with OUTPUT:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


def release(reason):
    """Lets every held connection go on, once; the event says why, now or once the answers under way tell."""
    with LOCK:
        if RELEASED.is_set():
            return
        RELEASED.set()
        if reason == "timeout" or STATE["held"]:
            verdict = reason
        elif STATE["open"]:
            STATE["pending"] = set(STATE["open"])
            verdict = None
        else:
            verdict = "idle"
    if verdict:
        event("RELEASED " + verdict)
    else:
        timer = threading.Timer(TIMEOUT, settle, args=(None, "idle"))
        timer.daemon = True
        timer.start()


def settle(passage, verdict):
    """The verdict on a release that came while answers were under way: `passage` (None for all) has told."""
    with LOCK:
        if passage is not None and passage not in STATE["pending"]:
            return
        if verdict == "idle" and passage is not None:
            STATE["pending"].discard(passage)
            if STATE["pending"]:
                return
        elif not STATE["pending"]:
            return
        STATE["pending"] = set()
    event("RELEASED " + verdict)


def pump(source, sink, hold):
    """Copies until source ends, then ends sink's direction too; with hold, stops after HOLD_AFTER bytes until
    released."""
    sent = 0
    passage = object()
    if hold:
        with LOCK:
            STATE["open"].add(passage)
    try:
        while True:
            data = source.recv(PIECE if hold else 65536)
            if not data:
                break
            if hold and PAUSE:
                time.sleep(PAUSE)
            if hold and not RELEASED.is_set() and sent + len(data) > HOLD_AFTER:
                cut = max(HOLD_AFTER - sent, 0)
                sink.sendall(data[:cut])
                sent += cut
                data = data[cut:]
                with LOCK:
                    first = not STATE["held"]
                    STATE["held"] = True
                if first:
                    event("HOLD")
                if not RELEASED.wait(TIMEOUT):
                    release("timeout")
            elif hold and sent <= HOLD_AFTER < sent + len(data):
                # Released before this answer went beyond HOLD_AFTER, and it does go beyond.
                settle(passage, "request")
            sink.sendall(data)
            sent += len(data)
        sink.shutdown(socket.SHUT_WR)
    except OSError:
        # One side went away: so does the other.
        for s in (sink, source):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
    finally:
        if hold:
            with LOCK:
                STATE["open"].discard(passage)
            settle(passage, "idle")


def serve(client):
    try:
        server = socket.create_connection(("127.0.0.1", TARGET))
    except OSError:
        client.close()
        return
    for s in (client, server):
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    threading.Thread(target=pump, args=(client, server, False), daemon=True).start()
    threading.Thread(target=pump, args=(server, client, True), daemon=True).start()


def commands():
    for line in sys.stdin:
        if line.strip() == "release":
            release("request")


def main():
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    threading.Thread(target=commands, daemon=True).start()
    event("PORT %d" % listener.getsockname()[1])
    while True:
        client, _ = listener.accept()
        serve(client)


if __name__ == "__main__":
    main()
