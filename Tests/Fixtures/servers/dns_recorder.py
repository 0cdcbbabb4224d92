#!/usr/bin/env python3
"""A DNS server on 127.0.0.1:53 that records every question and answers NXDOMAIN at once, for DemoTests: inside a
network namespace whose resolv.conf names it, any name looked up past /etc/hosts reaches it instead of leaving.

usage: dns_recorder.py LOG
Prints "ready" once it listens; writes each question's name to LOG, a line each, as it arrives; runs until killed.
"""
import socket
import sys


def question(query):
    labels, offset = [], 12
    while offset < len(query) and query[offset]:
        length = query[offset]
        labels.append(query[offset + 1 : offset + 1 + length].decode("ascii", "replace"))
        offset += 1 + length
    return ".".join(labels) or "."


def main():
    server = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    server.bind(("127.0.0.1", 53))
    print("ready", flush=True)
    with open(sys.argv[1], "a") as log:
        while True:
            query, peer = server.recvfrom(4096)
            if len(query) < 12:
                continue
            log.write(question(query) + "\n")
            log.flush()
            # The query back as a response (QR, RA) with RCODE 3, NXDOMAIN: the resolver gives up at once.
            flags = bytes([query[2] | 0x80, (query[3] & 0x70) | 0x80 | 3])
            server.sendto(query[:2] + flags + query[4:], peer)


if __name__ == "__main__":
    main()
