#!/usr/bin/env python3
"""Writes a generated HTML page for bench/html.sh: sections of nested divs, paragraphs and lists holding N links
(<a href>), with decoys that are not links: <a href> text inside <script> blocks and inside comments, attributes
named like href on other elements, and entities in URLs. Deterministic. Usage: make-html-corpus.py FILE N [PAGES DIR]
(with PAGES and DIR: PAGES pages of N links each, DIR/page-NNN.html, instead of one FILE)."""
import random
import sys


def page(out, links, seed):
    rng = random.Random(seed)
    words = ["alpha", "beta", "gamma", "delta", "tree", "river", "stone", "cloud", "light", "paper", "glass", "wind"]
    out.write("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>Generated page</title>\n")
    out.write('<link rel=stylesheet href="/style.css"><style>a { color: red } /* <a href="x"> */</style></head>\n')
    out.write("<body>\n<header><nav><ul>")
    for i in range(5):
        out.write(f'<li><a href="/nav/{i}">Nav {i}</a></li>')
    out.write("</ul></nav></header>\n<main>\n")
    written = 0
    section = 0
    while written < links:
        section += 1
        out.write(f'<section id="s{section}" class="block"><h2>Section {section}</h2>\n<div class="outer"><div class="inner">\n')
        for _ in range(20):
            if written >= links:
                break
            text = " ".join(rng.choice(words) for _ in range(15))
            n = min(links - written, rng.randint(1, 4))
            anchors = "".join(
                f' <a href="/articles/{written + k}?ref=home&amp;page={section}" title="{rng.choice(words)}">'
                f"{rng.choice(words)} {written + k}</a>"
                for k in range(n)
            )
            written += n
            out.write(f"<p>{text}{anchors} {text}.</p>\n")
        out.write("<ul>" + "".join(f'<li data-href="/decoy/{section}/{k}">{rng.choice(words)}</li>' for k in range(5)) + "</ul>\n")
        out.write('<script>var html = \'<a href="/decoy/script">not a link</a>\'; for (var i = 0; i < 3; i++) { html += "<p>"; }</script>\n')
        out.write(f'<!-- <a href="/decoy/comment/{section}">commented out</a> -->\n')
        out.write("</div></div></section>\n")
    out.write("</main>\n<footer><p>&copy; 2026 Example &amp; Co.</p></footer>\n</body></html>\n")


def main():
    if len(sys.argv) == 5:
        count, directory = int(sys.argv[3]), sys.argv[4]
        for index in range(count):
            with open(f"{directory}/page-{index:03}.html", "w") as out:
                page(out, int(sys.argv[2]), index)
        return
    with open(sys.argv[1], "w") as out:
        page(out, int(sys.argv[2]), 1)


main()
