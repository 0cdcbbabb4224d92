#!/usr/bin/env python3
"""Builds a repository with a long log for the streaming tests: make-long-log.py DIR REVISIONS [MESSAGE FILE].

Revision N edits trunk/file-(N mod 10).txt (r1 adds trunk and the ten files) with a log message of about 600 bytes
(or of MESSAGE bytes); authors alternate, dates are one hour apart from 2024-01-01. With FILE, r1 also adds
trunk/big.bin, FILE pseudo-random bytes (which svndiff cannot compress). Deterministic. An svnadmin dump stream
(format 2, full texts) goes into `svnadmin load` without flushing to disk: 200 revisions take about a second, where a
commit each would take half a minute.
"""
import hashlib
import random
import subprocess
import sys
import time

AUTHORS = ["alice", "bob", "zoë"]


def props(pairs):
    body = b""
    for key, value in pairs:
        key, value = key.encode(), value.encode()
        body += b"K %d\n%s\nV %d\n%s\n" % (len(key), key, len(value), value)
    return body + b"PROPS-END\n"


def node(path, action, kind=None, text=None):
    headers = [b"Node-path: " + path.encode()]
    if kind is not None:
        headers.append(b"Node-kind: " + kind.encode())
    headers.append(b"Node-action: " + action.encode())
    body = b""
    if text is not None:
        headers.append(b"Text-content-length: %d" % len(text))
        headers.append(b"Text-content-md5: " + hashlib.md5(text).hexdigest().encode())
        headers.append(b"Content-length: %d" % len(text))
        body = text
    return b"\n".join(headers) + b"\n\n" + body + b"\n\n"


def dump(revisions, message_bytes, file_bytes):
    out = [b"SVN-fs-dump-format-version: 2\n\nUUID: 7b2e6e78-5356-4e00-8000-000000000003\n\n"]
    for revision in range(1, revisions + 1):
        seconds = 1704067200 + revision * 3600
        date = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".%06dZ" % (revision * 7919 % 1000000)
        message = "change %d: " % revision + " ".join("word%d" % ((revision * k) % 97) for k in range(1, 80))
        if message_bytes:
            message = (message * (message_bytes // len(message) + 1))[:message_bytes]
        body = props([("svn:author", AUTHORS[revision % 3]), ("svn:date", date), ("svn:log", message)])
        out.append(b"Revision-number: %d\nProp-content-length: %d\nContent-length: %d\n\n%s\n"
                   % (revision, len(body), len(body), body))
        if revision == 1:
            out.append(node("trunk", "add", "dir"))
            for k in range(10):
                out.append(node("trunk/file-%d.txt" % k, "add", "file", b"file %d\n" % k))
            if file_bytes:
                out.append(node("trunk/big.bin", "add", "file", random.Random(file_bytes).randbytes(file_bytes)))
        else:
            out.append(node("trunk/file-%d.txt" % (revision % 10), "change", "file",
                            b"file %d in r%d\n" % (revision % 10, revision)))
    return b"".join(out)


def main():
    if len(sys.argv) not in (3, 5):
        sys.stderr.write("usage: make-long-log.py DIR REVISIONS [MESSAGE FILE]\n")
        sys.exit(64)
    directory, revisions = sys.argv[1], int(sys.argv[2])
    message_bytes, file_bytes = (int(sys.argv[3]), int(sys.argv[4])) if len(sys.argv) == 5 else (0, 0)
    subprocess.run(["svnadmin", "create", directory], check=True)
    stream = dump(revisions, message_bytes, file_bytes)
    subprocess.run(["svnadmin", "load", "-q", "--no-flush-to-disk", directory], input=stream, check=True)


if __name__ == "__main__":
    main()
