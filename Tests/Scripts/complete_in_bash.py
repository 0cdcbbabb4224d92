#!/usr/bin/python3
"""Types command lines into a real interactive bash and presses TAB, to test a completion script as people use it.

usage: complete_in_bash.py SCRIPT LINE...
Starts `bash -i` on a pseudo-terminal (so readline, COMP_WORDBREAKS and compopt are bash's own), sources SCRIPT,
then for each LINE types it (a TAB where it has \\t) and prints the line as readline holds it afterwards, one a line.
Only the standard library: it runs with Debian's /usr/bin/python3 or any other.
"""
import os
import pty
import select
import sys
import tempfile
import time

READY = b"READY> "


def main():
    script, lines = sys.argv[1], sys.argv[2:]
    with tempfile.NamedTemporaryFile("w", suffix=".bashrc", delete=False) as rc:
        # The line readline holds is printed between markers by Ctrl-X; no bracketed paste escapes, no bell.
        rc.write("PS1='READY> '\n")
        rc.write("bind 'set enable-bracketed-paste off'\nbind 'set bell-style none'\n")
        rc.write("bind -x '\"\\C-x\": printf \"<<%s>>\\n\" \"$READLINE_LINE\"'\n")
        rc.write("source '%s'\n" % script.replace("'", "'\\''"))
    pid, terminal = pty.fork()
    if pid == 0:
        os.execvp("bash", ["bash", "--noprofile", "--rcfile", rc.name, "-i"])
    pending = b""

    def read_until(marker, timeout=20):
        nonlocal pending
        deadline = time.time() + timeout
        while marker not in pending and time.time() < deadline:
            ready, _, _ = select.select([terminal], [], [], 0.1)
            if ready:
                try:
                    pending += os.read(terminal, 4096)
                except OSError:
                    break
        if marker not in pending:
            return None
        before, _, pending = pending.partition(marker)
        return before

    try:
        if read_until(READY) is None:
            sys.exit("bash did not start")
        for line in lines:
            os.write(terminal, line.encode() + b"\x18")
            read_until(b"<<")
            held = read_until(b">>")
            print("<timeout>" if held is None else held.decode(errors="replace"), flush=True)
            os.write(terminal, b"\x15")  # Ctrl-U: an empty line for the next one
    finally:
        os.write(terminal, b"exit\n")
        deadline = time.time() + 5
        while os.waitpid(pid, os.WNOHANG) == (0, 0):
            if time.time() > deadline:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                break
            read_until(b"\0", timeout=0.1)  # keep reading, so bash never waits on a full terminal
        os.unlink(rc.name)


main()
