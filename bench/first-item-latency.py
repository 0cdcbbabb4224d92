#!/usr/bin/python3
"""Time to first item: how long after its bytes leave a loopback server the first record reaches tb's stdout pipe.

usage: first-item-latency.py TB [RUNS]
A server on 127.0.0.1 sends a feed's head and one item, then stalls for two seconds before the rest. The time from
the moment the item is flushed to the socket to the moment tb's first line can be read from the pipe is measured,
RUNS times (default 7); prints the median in milliseconds.
"""
import socket
import subprocess
import sys
import threading
import time

HEAD = b'<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Stall</title>\n'
ITEM = b"<item><title>first</title><link>https://example.org/1</link></item>\n"
TAIL = b"<item><title>second</title></item>\n</channel></rss>\n"


def serve(listener, sent):
    connection, _ = listener.accept()
    with connection:
        request = b""
        while b"\r\n\r\n" not in request:
            request += connection.recv(4096)
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\n"
                           b"Content-Length: %d\r\n\r\n" % (len(HEAD) + len(ITEM) + len(TAIL)))
        connection.sendall(HEAD + ITEM)
        sent.append(time.monotonic())
        time.sleep(2)
        connection.sendall(TAIL)


def once(tb):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    sent = []
    server = threading.Thread(target=serve, args=(listener, sent))
    server.start()
    url = "http://127.0.0.1:%d/feed.xml" % listener.getsockname()[1]
    process = subprocess.Popen([tb, "feed", url], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = process.stdout.readline()
    received = time.monotonic()
    process.wait()
    server.join()
    listener.close()
    if b'"first"' not in line:
        sys.exit("unexpected first line: %r" % line)
    return (received - sent[0]) * 1000


def main():
    tb, runs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 7
    times = sorted(once(tb) for _ in range(runs))
    print("%.1f" % times[len(times) // 2])


if __name__ == "__main__":
    main()
