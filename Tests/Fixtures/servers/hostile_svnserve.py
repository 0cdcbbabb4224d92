#!/usr/bin/env python3
"""A hostile svnserve for tb's tests: a valid greeting, then an answer that never ends.

usage: hostile_svnserve.py MODE
Listens on 127.0.0.1 on a port the system picks, prints "PORT <n>" and serves every connection the same way until
killed (a connection ends when the client goes away):
  flood    the greeting, then "( success ( ( ANONYMOUS ) " and "word " for ever, as fast as the client reads: an
           authentication request whose list never closes
  spaces   the greeting, then spaces for ever, as fast as the client reads: bytes that never make an answer
  trickle  the greeting, then one space a second for ever: bytes keep coming, an answer never does
"""
import socket
import sys
import threading
import time

GREETING = b"( success ( 2 2 ( ) ( edit-pipeline svndiff1 absent-entries depth mergeinfo log-revprops ) ) ) "


def flood(connection):
    connection.sendall(GREETING + b"( success ( ( ANONYMOUS ) ")
    words = b"word " * 13107
    while True:
        connection.sendall(words)


def spaces(connection):
    connection.sendall(GREETING)
    blank = b" " * 65536
    while True:
        connection.sendall(blank)


def trickle(connection):
    connection.sendall(GREETING)
    while True:
        time.sleep(1)
        connection.sendall(b" ")


def serve(mode, connection):
    try:
        mode(connection)
    except OSError:
        pass
    finally:
        connection.close()


def main():
    mode = {"flood": flood, "spaces": spaces, "trickle": trickle}[sys.argv[1]]
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print("PORT %d" % listener.getsockname()[1], flush=True)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(mode, connection), daemon=True).start()


if __name__ == "__main__":
    main()
