#!/usr/bin/env python3
"""Writes one of bench/html.sh's hostile pages: inputs written to make an HTML5 parser take quadratic time or memory
if any step of it walks the stack of open elements, the list of active formatting elements or a tag's attributes for
every token. Usage: make-hostile-html.py FILE KIND, KIND one of:

  nested-div       10^6 nested <div>s (5 MB)
  span-unmatched   10^6 nested <span>s, then 10^6 end tags </x> that match none of them: each looks down the whole
                   stack for an <x>, as the standard says, unless the parser knows none is open (10 MB)
  nested-svg-g     <svg>, then 10^6 nested <g>s: foreign content (3 MB)
  attributes       one <div> with 10 MB of attributes, every name different: each is checked against all the
                   earlier ones for a duplicate
  same-attribute   one <div> with 10 MB of the same attribute, a=1, repeated (all but the first are dropped)
  adoption         <b x=N> n times, <div> n times, </b> n times, ~8 MB: every </b> runs the adoption agency, no two
                   <b>s alike, so the list of active formatting elements grows to n unless it is bounded
  lexbor-340       lexbor issue #340's <b N> n times, <i N> n times, then "x</b>" n times, ~8 MB: after each </b> the
                   standard reopens every <i>, n elements at each "x" (n^2 in all) unless the parser bounds it
  reopened-attributes
                   <p><b> with 4 MB of attributes, then "</p><p>x" n times (4 MB): the standard reopens the <b>,
                   attributes and all, in every paragraph (n times 4 MB) unless the parser's budget counts them

Deterministic."""
import sys

MILLION = 10**6
TEN_MB = 10 * 1000 * 1000
EIGHT_MB = 8 * 1000 * 1000


def count(size, limit):
    """How many units, the Nth of size(N) bytes, fill limit bytes at most."""
    n, total = 0, 0
    while total + size(n) <= limit:
        total += size(n)
        n += 1
    return n


def write(kind, out):
    if kind == "nested-div":
        out.write("<!DOCTYPE html>" + "<div>" * MILLION)
    elif kind == "span-unmatched":
        out.write("<!DOCTYPE html>" + "<span>" * MILLION + "</x>" * MILLION)
    elif kind == "nested-svg-g":
        out.write("<!DOCTYPE html><svg>" + "<g>" * MILLION)
    elif kind == "attributes":
        n = count(lambda i: len(f" a{i}=1"), TEN_MB)
        out.write("<!DOCTYPE html><div" + "".join(f" a{i}=1" for i in range(n)) + ">x</div>")
    elif kind == "same-attribute":
        out.write("<!DOCTYPE html><div" + " a=1" * (TEN_MB // 4) + ">x</div>")
    elif kind == "adoption":
        n = count(lambda i: len(f"<b x={i}>") + len("<div></b>"), EIGHT_MB)
        out.write("<!DOCTYPE html>" + "".join(f"<b x={i}>" for i in range(n)) + "<div>" * n + "</b>" * n)
    elif kind == "lexbor-340":
        n = count(lambda i: 2 * len(f"<b {i}>") + len("x</b>"), EIGHT_MB)
        out.write(
            "<!DOCTYPE html>"
            + "".join(f"<b {i}>" for i in range(n))
            + "".join(f"<i {i}>" for i in range(n))
            + "x</b>" * n
        )
    elif kind == "reopened-attributes":
        n = count(lambda i: len(f" a{i}=1"), EIGHT_MB // 2)
        attributes = "".join(f" a{i}=1" for i in range(n))
        out.write("<!DOCTYPE html><p><b" + attributes + ">x" + "</p><p>x" * (EIGHT_MB // 2 // 8))
    else:
        sys.exit(f"make-hostile-html.py: unknown kind {kind}")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: make-hostile-html.py FILE KIND")
    with open(sys.argv[1], "w") as out:
        write(sys.argv[2], out)


main()
