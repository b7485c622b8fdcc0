"""A counted campaign of mutated share links against from_share (issue 18).

    python benchmarks/share_campaign.py [--seed 1] [--per-kind 400]

Links of real games of every title are truncated, have characters replaced, inserted or
removed, lose or change their prefix, hold base64 of garbage, zlib of garbage, any JSON,
hostile values re-signed with a fresh checksum, extreme raw values (100,000 deep, 5,000 digits,
NaN, 1 MB strings) and zip bombs. The contract: only ShareError, a message of at most 300
characters whose id is in the catalogue. Prints, per kind: how many, what they gave (message
ids, or what broke the contract: "ACCEPTED" for a link that opened, or the exception) and the
slowest case. Only "two moves added" may open: at an unfinished game's end, two moves of
index 0 are legal (a link of a longer game), refused after a finished game's end.
"""

import argparse
import base64
import collections
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

import pygame_rules  # noqa: E402
from pygame_rules import ShareError, from_share, to_share  # noqa: E402
from pygame_rules.messages import CATALOGUE  # noqa: E402
from pygame_rules.share import PREFIX  # noqa: E402
from test_share import (EXTREME, FIELDS, HOSTILE, pack, payload_of,  # noqa: E402
                        played, random_seats, resigned, zip_bomb)

LINKS = set()       # the real links, to tell a mutation that gives the very same text
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.#=+/ é\x00"


def real_links(rng):
    """Links of real games of every title, finished and not, at several table sizes."""
    links = []
    for game_id, game in sorted(pygame_rules.GAMES.items()):
        for players in (game.min_players, game.max_players):
            for moves in (5, 60, 10**6):
                state = played(game_id, players, rng.randrange(10**6), moves)
                links.append(to_share(state, random_seats(players, rng)))
    return links


def cases(links, rng, n):
    """(kind, text) pairs: `n` of each random kind, all of the listed ones."""
    def pick():
        return rng.choice(links)
    for _ in range(n):
        link = pick()
        yield "truncated", link[:rng.randrange(len(link))]
        at, new = rng.randrange(len(link)), rng.choice(ALPHABET)
        if new != link[at]:
            yield "character replaced", link[:at] + new + link[at + 1:]
        yield "character inserted", link[:at] + new + link[at:]
        yield "character removed", link[:at] + link[at + 1:]
        if link[at:at + 1] != link[at + 1:at + 2]:
            yield "two characters swapped", link[:at] + link[at + 1:at + 2] + link[at] + \
                link[at + 2:]
        yield "base64 of garbage", PREFIX + base64.urlsafe_b64encode(
            rng.randbytes(rng.randrange(400))).decode().rstrip("=")
        yield "zlib of garbage", pack(rng.randbytes(rng.randrange(400)))
        yield "zlib of other JSON", pack(json.dumps(rng.choice(
            [None, 1, [1, 2], {"format": "encore-save"}, {"f": "encore-share"}, "e1.", []])))
    for link in links:
        data = link[len(PREFIX):]
        for prefix in ("", "e2.", "e0.", "e99.", "x1.", "E1.", "e1", "e1.e1.", "v1:"):
            yield "prefix changed", prefix + data
        payload = payload_of(link)
        for field in FIELDS:
            for value in HOSTILE:
                if field in "tu" and value is None or field == "o" and value == {} or \
                        field == "a" and value == [] or field == "s" and value in (0, -1, ""):
                    continue                        # values a real link may hold
                changed = dict(payload, **{field: value})
                yield "hostile value, re-signed", resigned(changed) if field != "c" else \
                    pack(json.dumps(changed))
            dropped = {k: v for k, v in payload.items() if k != field}
            yield "field dropped, re-signed", resigned(dropped) if field != "c" else \
                pack(json.dumps(dropped))
            for name, raw in EXTREME:
                yield "extreme: " + name, pack(json.dumps(dict(payload, **{field: "@@"}))
                                               .replace('"@@"', raw))
        yield "extra field, re-signed", resigned(dict(payload, z=1))
        yield "two moves added, re-signed (legal: opens)", resigned(dict(payload, a=payload["a"] +
                                                                              [0, 0]))
        yield "changed, old checksum", pack(json.dumps(dict(payload, s=payload["s"] + 1)
                                                       if type(payload["s"]) is int else
                                                       dict(payload, s="x"), ensure_ascii=False))
    yield "zip bomb 100 MB", zip_bomb(100 * 10**6)
    yield "zip bomb 20 MB", zip_bomb(20 * 10**6)
    for value in (None, 5, b"e1.", ["e1."], "e1." + "A" * 40_000, "", " ", "#"):
        yield "not text or too long", value


def outcome(kind, text):
    """What from_share made of `text`: a message id, or what broke the contract."""
    try:
        from_share(text)
    except ShareError as err:
        if err.msg_id not in CATALOGUE["en"] or not 0 < len(err.message) <= 300:
            return "BAD MESSAGE " + err.msg_id, True
        return err.msg_id, False
    except Exception as err:  # noqa: BLE001 - a break of the contract, counted
        return "RAISED " + type(err).__name__, True
    if text in LINKS:
        return "the same link (unchanged)", False
    return "ACCEPTED", "(legal: opens)" not in kind


def main():
    """Run the campaign and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-kind", type=int, default=400, help="random cases per kind")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    links = real_links(rng)
    LINKS.update(links)
    table = collections.defaultdict(lambda: [0, collections.Counter(), 0, 0.0])
    for kind, text in cases(links, rng, args.per_kind):
        start = time.perf_counter()
        got, broke = outcome(kind, text)
        row = table[kind]
        row[0] += 1
        row[1][got] += 1
        row[2] += broke
        row[3] = max(row[3], time.perf_counter() - start)
    print("%-42s %6s %6s %9s  %s" % ("kind", "tried", "broke", "slowest", "gave"))
    for kind, (tried, gave, broke, slowest) in table.items():
        print("%-42s %6d %6d %7.1fms  %s" % (kind, tried, broke, slowest * 1000, ", ".join(
            "%s %d" % (k.replace("share.", ""), v) for k, v in gave.most_common())))
    print("total %d cases, %d broke the contract" % (sum(r[0] for r in table.values()),
                                                    sum(r[2] for r in table.values())))


if __name__ == "__main__":
    main()
