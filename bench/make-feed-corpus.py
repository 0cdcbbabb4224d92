#!/usr/bin/env python3
"""Writes a large RSS 2.0 feed for the feed benchmark: content:encoded in CDATA, entities, non-ASCII text, dates in
mixed time zones, categories and enclosures.

usage: make-feed-corpus.py OUTPUT ITEMS
Deterministic (fixed seed). 100,000 items make about 117 MB.
"""
import random
import sys

WORDS = ("the of and to in is was that for on are with as his they at be this from have or by one had not but what "
         "all were when we there can an your which their said if do will each about how up out them then she many some "
         "so these would other into has more her two like him see time could no make than first been its who now people "
         "my made over did down only way find use may water long little very after words called just where most know "
         "café naïve résumé Zürich façade déjà señor Ångström").split()
ZONES = ["GMT", "+0000", "+0100", "-0500", "EST", "PDT", "+0530", "Z", "-0800", "CET"]
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def sentence(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def item(rng, i):
    paragraphs = "".join("<p>%s &amp; <a href=\"/p/%d\">%s</a>.</p>\n" % (sentence(rng, 25), i, sentence(rng, 3))
                         for _ in range(rng.randint(2, 4)))
    return """  <item>
    <title>%s &amp; %s</title>
    <link>https://example.org/posts/%d</link>
    <guid isPermaLink="false">tag:example.org,2026:%d</guid>
    <pubDate>%s, %02d %s %d %02d:%02d:%02d %s</pubDate>
    <dc:creator>%s</dc:creator>
    <category>%s</category><category>%s</category>
    <description>%s &lt;em&gt;%s&lt;/em&gt; &#8212; &#233;t&#233;</description>
    <content:encoded><![CDATA[%s]]></content:encoded>
    <enclosure url="https://cdn.example.org/audio/%d.mp3" length="%d" type="audio/mpeg"/>
  </item>
""" % (sentence(rng, 6), sentence(rng, 2), i, i, rng.choice(DAYS), rng.randint(1, 28), rng.choice(MONTHS),
       rng.randint(2000, 2026), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59), rng.choice(ZONES),
       sentence(rng, 2), rng.choice(WORDS), rng.choice(WORDS), sentence(rng, 25), sentence(rng, 3), paragraphs, i,
       rng.randint(1000, 10 ** 8))


def write(output, count, seed=117):
    """Writes a feed of COUNT items to OUTPUT; another SEED makes other items (the network benchmark's many feeds)."""
    rng = random.Random(seed)
    with open(output, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" '
                  'xmlns:content="http://purl.org/rss/1.0/modules/content/" '
                  'xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>\n<title>Benchmark feed</title>\n'
                  '<link>https://example.org/</link>\n<description>Generated</description>\n')
        for i in range(count):
            out.write(item(rng, i))
        out.write("</channel>\n</rss>\n")


def main():
    write(sys.argv[1], int(sys.argv[2]))


if __name__ == "__main__":
    main()
