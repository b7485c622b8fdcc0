"""TAKE トリックの翁's score track to 25: every player's marker at its score, a short label
distinct at the table, ties side by side and a lane of its own where markers would meet (its
place as data attributes, which static/cssvars.js hands to the style sheet).
"""

from pygame_rules.messages import escape, join_list, text

TRACK_END = 30
MARKER_EM = 2.4        # a marker's width and gap, in its own em (static/style.css agrees)
TRACK_MIN_EM = 24      # the narrowest track drawn (a phone's, about 270 px), in a marker's em


def marker_spots(scores):
    """Each seat's place on the track: (percent along it, em aside, lane). Tied markers stand
    side by side about their score, or at either end of the track all on its side (none off the
    track's edge); a group that would meet another takes a lane below it (marker_lanes)."""
    tied = {}
    for seat, score in enumerate(scores):
        tied.setdefault(min(score, TRACK_END), []).append(seat)
    lanes, spots = marker_lanes(tied), {}
    for score, seats in tied.items():
        first = tie_start(score, len(seats))
        for i, seat in enumerate(seats):
            spots[seat] = (100 * score / TRACK_END, (first + i) * MARKER_EM, lanes[score])
    return [spots[seat] for seat in range(len(scores))]


def tie_start(score, count):
    """Where the first of `count` tied markers stands, in markers aside from the score."""
    return 0 if score <= 0 else -(count - 1) if score >= TRACK_END else -(count - 1) / 2


def marker_lanes(tied):
    """Each score's lane (0 on the line, 1, 2… below it) for {score: tied seats}: the first whose
    groups it clears on the narrowest track, so none meet at any width (a wider spreads them)."""
    ends, lanes = [], {}
    for score in sorted(tied):
        left = TRACK_MIN_EM * score / TRACK_END + (tie_start(score, len(tied[score])) - .5) * \
            MARKER_EM
        lane = next((i for i, end in enumerate(ends) if left >= end), len(ends))
        ends[lane:lane + 1] = [left + len(tied[score]) * MARKER_EM]
        lanes[score] = lane
    return lanes


def short_name(name):
    """A name in at most two letters: the initials of its first and last words ("Bot 1": "B1",
    "Ella Fitzgerald": "EF"), or its first two letters ("Ana": "An")."""
    words = name.split()
    if len(words) > 1:
        return words[0][0] + words[-1][0]
    return name.strip()[:2]


def marker_labels(names):
    """Each seat's marker label, distinct at the table: its short name, or where short names
    clash, the first letter and the seat's number ("B1", "B2"); the seat numbers alone as the
    last resort."""
    labels = [short_name(n) for n in names]

    def clashing(labels):
        folded = [label.casefold() for label in labels]
        return {s for s, label in enumerate(folded) if not label or folded.count(label) > 1}
    for s in clashing(labels):
        labels[s] = (names[s].strip()[:1] + str(s + 1)) if names[s].strip() else str(s + 1)
    if clashing(labels):
        labels = [str(s + 1) for s in range(len(names))]
    return labels


def score_track(view, names):
    """The score track to 25 with every player's marker (a short label, distinct at the table;
    the full name in its title and in the track's accessible text) at its score, ties side by
    side, in a lane of its own where markers would meet; the track as deep as its lanes. A place
    is data-at (percent along), data-shift (em aside, ties) and data-lane, the depth data-lanes,
    not style attributes, which the CSP refuses: static/cssvars.js hands them to the sheet."""
    labels = marker_labels(names)
    ticks = "".join('<span class="tick%s" data-at="%.1f">%d</span>'
                    % (" goal" if v == 25 else "", 100 * v / TRACK_END, v)
                    for v in range(0, TRACK_END + 1, 5))
    spots = marker_spots(view["scores"])
    markers = "".join('<span class="marker m%d" data-at="%.1f" data-shift="%.2f" data-lane="%d" '
                      'data-score="%d" title="%s">%s</span>'
                      % (seat, pos, shift, lane, view["scores"][seat], escape(names[seat]),
                         escape(labels[seat]))
                      for seat, (pos, shift, lane) in enumerate(spots))
    return ('<div class="score-track" role="img" aria-label="%s"><div class="track" '
            'data-lanes="%d">%s%s</div></div>'
            % (escape(join_list(text("take.page.track_entry", {"name": names[s], "score": v})
                                for s, v in enumerate(view["scores"]))),
               1 + max(lane for _, _, lane in spots), ticks, markers))
