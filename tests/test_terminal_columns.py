"""Terminal tables in Japanese: every column lines up by display width (a wide character takes
two columns); English output is byte for byte what plain str.format gives."""

import io
import string

import pytest

from pygame_rules import messages
from pygame_rules.cli import main
from pygame_rules.messages import display_width, text

# a game whose terminal shows a table: its players, what the person types (1 and 2 in turn
# fit every prompt, passing included), each table's title key and how many rows follow it
TABLES = {
    "take-a-chord": (4, "1\n" * 400, "tac.term.venue_table", "venue", 4),
    "take-bamboo": (4, "1\n2\n" * 1500, "take.term.round_table", "round", 4),
    "rechord": (4, "1\n" * 3000, "rc.term.pad", None, 6),
}


def play(game, lang, players, stdin, seed="1"):
    """A whole game in the terminal, the person always answering from stdin; its output."""
    out = io.StringIO()
    assert main(["--lang", lang, "play", game, "--players", str(players), "--seed", seed],
                stdin=io.StringIO(stdin), stdout=out) == 0
    return out.getvalue()


def tables_in(output, title_key, param, rows, lang="ja"):
    """Each table of the output: its header line and row lines (found after their title)."""
    titles = {text(title_key, {param: n} if param else None, lang) for n in range(1, 20)}
    lines = output.splitlines()
    return [lines[i + 1:i + 2 + rows] for i, line in enumerate(lines) if line in titles]


def right_edges(line):
    """The display columns at which the line's cells end (a non-space before a space or the end)."""
    edges, column = [], 0
    for i, ch in enumerate(line):
        column += display_width(ch)
        if ch != " " and (i + 1 == len(line) or line[i + 1] == " "):
            edges.append(column)
    return edges


def misaligned(table):
    """The rows of a table whose cells do not end where the header's do (the name cell aside)."""
    head = right_edges(table[0])[1:]
    return [row for row in table[1:] if not set(head) <= set(right_edges(row))]


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_japanese_terminal_tables_columns_line_up(game):
    """Every row's cells end at the header's columns, counted in display width."""
    players, stdin, title_key, param, rows = TABLES[game]
    tables = tables_in(play(game, "ja", players, stdin), title_key, param, rows)
    assert tables and all(len(t) == rows + 1 for t in tables)
    assert [row for table in tables for row in misaligned(table)] == []
    assert any(display_width(t[0]) != len(t[0]) for t in tables)     # wide headers were there


def test_the_column_check_can_fail():
    """Padded by characters, not columns, a Japanese header ends past its column."""
    head, row = "  {name:<8} {score:>4}", "  {name:<8} {score:>4}"
    plain = [head.format(name="名前", score="得点"), row.format(name="ボット", score=12)]
    padded = [messages.ColumnFormatter().format(head, name="名前", score="得点"),
              messages.ColumnFormatter().format(row, name="ボット", score=12)]
    assert misaligned(plain) == plain[1:] and misaligned(padded) == []


ENGLISH = {"take-a-chord": (4, "1\n" * 400), "take-bamboo": (5, "1\n2\n" * 1500),
           "rechord": (3, "1\n" * 3000), "taktvoll": (4, "1\n" * 3000)}


@pytest.mark.parametrize("game", sorted(ENGLISH))
def test_english_terminal_output_is_what_str_format_gives(game, monkeypatch):
    """A whole English game prints the same bytes when every message is plain str.format."""
    players, stdin = ENGLISH[game]
    padded = play(game, "en", players, stdin)
    monkeypatch.setattr(messages, "_COLUMNS", string.Formatter())
    assert play(game, "en", players, stdin) == padded
    assert text("cli.final") in padded                  # the whole game, to its end
