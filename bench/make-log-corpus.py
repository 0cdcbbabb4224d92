#!/usr/bin/env python3
"""Writes a corpus of application log lines for the literal-set benchmark, and the fixed strings to look for in it:
693 user names, host names, request paths, error codes and words of the messages, of which most lines hold a few.

usage: make-log-corpus.py OUTPUT MEGABYTES
Writes OUTPUT and OUTPUT.literals (one string a line). Deterministic (fixed seed), so every run measures the same
bytes.
"""
import random
import sys

from corpus_writer import write_shuffled

LEVELS = ["INFO"] * 6 + ["WARN"] * 2 + ["ERROR", "DEBUG"]
SERVICES = ["api", "auth", "billing", "loader", "search", "worker", "ledger", "mailer", "gateway", "scheduler"]
FIRST = """alice bob carol dave erin frank grace heidi ivan judy mallory niaj olivia peggy rupert sybil trent
victor walter xena yara zoe adam bella chris diana ethan fiona george hannah isaac julia kevin laura mike nora
oscar paula quinn rachel steve tina umar vera will xavier yusuf zara""".split()
LAST = """smith jones brown taylor wilson davies evans thomas johnson roberts walker wright robinson thompson white
hughes edwards green hall wood harris lewis martin jackson clarke clark turner hill scott cooper morris ward moore
king watson baker harrison morgan patel young allen mitchell james anderson phillips lee bell parker davis""".split()
VERBS = ["GET", "GET", "GET", "POST", "PUT", "DELETE"]
RESOURCES = """users orders items invoices payments sessions carts reports files lists accounts tokens products
reviews shipments refunds coupons""".split()
WORDS = """request completed failed retry timeout connection refused accepted queued processed cache miss hit
upstream downstream latency exceeded quota limit reached invalid token expired session created deleted updated
payment declined card authorized captured shipment dispatched delivered returned refund issued customer account
locked unlocked password changed login logout mfa challenge verified rejected throttled backoff circuit open
closed degraded healthy unhealthy replica lag snapshot restored migrated index rebuilt shard moved lease renewed
lost acquired deadlock detected rollback commit batch flushed compaction started finished worker spawned killed
memory pressure high low disk full certificate rotated dns resolution slow""".split()


def main():
    output, megabytes = sys.argv[1], int(sys.argv[2])
    rng = random.Random(23)
    users = ["%s.%s" % (first, last) for first in FIRST for last in LAST]
    rng.shuffle(users)
    hosts = ["%s-%02d.%s" % (service, n, zone) for service in SERVICES for n in range(1, 13)
             for zone in ("eu1", "us2")]
    rng.shuffle(hosts)
    codes = ["E%04d" % n for n in rng.sample(range(1000, 10000), 400)]

    def line(i):
        verb = rng.choice(VERBS)
        path = "/api/v%d/%s/%d" % (rng.randint(1, 3), rng.choice(RESOURCES), rng.randint(1, 99999))
        message = " ".join(rng.choices(WORDS, k=rng.randint(2, 7)))
        code = " code=%s" % rng.choice(codes) if rng.random() < 0.2 else ""
        return "2026-11-%02dT%02d:%02d:%02d.%03dZ %-5s [%s] host=%s user=%s %s %s status=%d took=%dms%s msg=\"%s\"\n" % (
            rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59), rng.randint(0, 999),
            rng.choice(LEVELS), rng.choice(SERVICES), rng.choice(hosts), rng.choice(users), verb, path,
            rng.choice([200, 200, 200, 201, 204, 304, 404, 429, 500, 503]), rng.randint(1, 5000), code, message)

    # What one looks for: some users and hosts (a few of them absent from the log), paths, error codes and words
    # of the messages, in no particular order; some are prefixes of others.
    literals = users[:300] + ["%s.nobody" % name for name in FIRST[:20]] + hosts[:120] + codes[:150]
    literals += ["/api/v%d/%s" % (v, r) for v in (1, 2) for r in RESOURCES[:12]] + WORDS[:79]
    assert len(literals) == 693, len(literals)
    rng.shuffle(literals)
    with open(output + ".literals", "w") as out:
        out.write("".join(literal + "\n" for literal in literals))

    pool = [line(i) for i in range(40000)]
    write_shuffled(output, pool, megabytes, rng)


if __name__ == "__main__":
    main()
