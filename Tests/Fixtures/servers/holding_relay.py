#!/usr/bin/env python3
"""A TCP relay for tb's streaming tests: it passes a long answer on only in part until the test lets it go on.

usage: holding_relay.py TARGET_PORT HOLD_AFTER_BYTES TIMEOUT_SECONDS
Listens on 127.0.0.1 on a port the system picks, prints "PORT <n>" and relays every connection to 127.0.0.1:TARGET_PORT
until killed. What the client sends goes to the server at once; what the server sends goes to the client at once
until HOLD_AFTER_BYTES bytes of one connection have gone, then the rest of it is held back until the test writes
"release" on stdin, or TIMEOUT_SECONDS have passed (so that a client that waits for everything cannot hang the test).
Events on stdout, one a line, flushed at once:
  HOLD                 the first connection to reach HOLD_AFTER_BYTES is held from now on
  RELEASED request     "release" arrived while a connection was held: it goes on
  RELEASED timeout     TIMEOUT_SECONDS passed first
  RELEASED idle        "release" arrived but nothing was held (the answers were all shorter than HOLD_AFTER_BYTES)
Once released, nothing is held again.
"""
import socket
import sys
import threading

TARGET = int(sys.argv[1])
HOLD_AFTER = int(sys.argv[2])
TIMEOUT = float(sys.argv[3])
RELEASED = threading.Event()
STATE = {"held": False}
LOCK = threading.Lock()


def event(text):
    with LOCK:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


def release(reason):
    """Lets every held connection go on, once; the event says why."""
    with LOCK:
        if RELEASED.is_set():
            return
        RELEASED.set()
        held = STATE["held"]
    event("RELEASED " + (reason if held or reason == "timeout" else "idle"))


def pump(source, sink, hold):
    """Copies until source ends, then ends sink's direction too; with hold, stops after HOLD_AFTER bytes until
    released."""
    sent = 0
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
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
