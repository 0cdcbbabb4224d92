#!/usr/bin/python3
"""Differential test: tb feed against feedparser (Debian's python3-feedparser) on the same documents.

usage: compare_with_feedparser.py TB FEED...
Prints one line per difference that is not on the list below and exits 1 if there is any; prints "same" otherwise.
Compared per item: title, link, id, author, published, updated, categories and enclosure URLs.

Deliberate differences, where tb does what it documents instead of what feedparser does:
  - id: with no atom:id, guid or rdf:about, tb uses the link (feedparser leaves id out).
  - enclosures: tb also lists media:content and media:thumbnail (feedparser keeps those apart).
  - titles: feedparser strips markup from html titles; tb gives them as the feed does (like summary and content).
  - updated: tb takes it only from elements that say an item changed (atom:updated, modified, dcterms:modified);
    feedparser copies the publication date into it when there is none.
  - published: tb reads dc:date as the publication date (RSS 1.0 has no other); feedparser makes it `updated`.
    tb falls back to dcterms:created too; feedparser keeps that apart (`created`).
  - link: tb takes links only from link elements and permalink guids; feedparser falls back to an Atom id.
  - relative links of a local file: tb resolves them against the file's file:// URL (as tb html does); feedparser
    leaves them relative.
  - an empty value and a missing one are the same.
"""
import calendar
import os
import json
import subprocess
import sys
import urllib.parse
import urllib.request

import feedparser

FIELDS = ("title", "link", "id", "author", "published", "updated", "categories", "enclosures")


def tb_items(tb, path):
    run = subprocess.run([tb, "feed", "--json", path], capture_output=True, text=True)
    return [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]


def rfc3339(parsed):
    if not parsed:
        return None
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % tuple(parsed[:6])


def strip_markup(text):
    if text is None:
        return None
    out, inside = [], False
    for character in text:
        if character == "<":
            inside = True
        elif character == ">":
            inside = False
        elif not inside:
            out.append(character)
    return "".join(out)


def feedparser_items(path):
    parsed = feedparser.parse(path)
    items = []
    for entry in parsed.entries:
        items.append({
            "title": entry.get("title"),
            "link": entry.get("link"),
            "id": entry.get("id"),
            "author": entry.get("author"),
            "published": rfc3339(entry.get("published_parsed")),
            "updated": rfc3339(entry.get("updated_parsed")),
            "created": rfc3339(entry.get("created_parsed")),
            "categories": [tag.get("term") for tag in entry.get("tags", []) if tag.get("term")],
            "enclosures": [enclosure.get("href") for enclosure in entry.get("enclosures", [])],
        })
    return items


def resolved(path, link):
    """A relative link of the local file `path` resolved against its file:// URL, as tb resolves it."""
    if link is None or "://" in link:
        return link
    return urllib.parse.urljoin("file://" + urllib.request.pathname2url(os.path.abspath(path)), link)


def compare(tb, path):
    differences = []
    ours, theirs = tb_items(tb, path), feedparser_items(path)
    if len(ours) != len(theirs):
        return ["%s: tb has %d items, feedparser %d" % (path, len(ours), len(theirs))]
    for index, (mine, other) in enumerate(zip(ours, theirs)):
        for field in FIELDS:
            a, b = mine.get(field), other.get(field)
            if field == "link" and (a or "").startswith("file://"):
                b = resolved(path, b)
            if field == "enclosures":
                b = [resolved(path, url) for url in b]
                a = [enclosure["url"] for enclosure in a]
                # Deliberate: tb lists media:content and media:thumbnail too.
                a = [url for url in a if url in b] if set(b) <= set(a) else a
            if field == "title":
                a, b = strip_markup(a), strip_markup(b)
            if field == "id" and b is None and a == mine.get("link"):
                continue  # Deliberate: tb falls back to the link.
            if field == "updated" and a is None and b == mine.get("published"):
                continue  # Deliberate: feedparser copies the publication date.
            if field == "published" and b is None and a in (other.get("updated"), other.get("created")):
                continue  # Deliberate: feedparser reads dc:date as updated, and dcterms:created apart.
            if field == "link" and a is None and b == other.get("id"):
                continue  # Deliberate: feedparser falls back to an Atom id.
            if a in ("", None, []) and b in ("", None, []):
                continue
            if a != b:
                differences.append("%s item %d %s: tb %r, feedparser %r" % (path, index + 1, field, a, b))
    return differences


def main():
    tb, paths = sys.argv[1], sys.argv[2:]
    differences = [line for path in paths for line in compare(tb, path)]
    print("\n".join(differences) if differences else "same")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
