"""Scripted teaching tests (issue 20): play moves from a position, looking as the page does.

    found = taught(state, seat, moves, to_action)   # [(move index, lesson id)]
    at(found, "key_change")                         # the move index it came at (None: never)

`to_action` turns each item of `moves` into an engine action (identity by default)."""

from pygame_rules import teach


def taught(state, seat, moves, to_action=lambda m: m):
    """[(move index, lesson id)] given to `seat` while the moves are played, looking first and
    after every move, as the page does."""
    teacher, out = teach.Teacher(seat), []
    for i in range(len(moves) + 1):
        out += [(i, item["id"]) for item in teacher.look(state)]
        if i < len(moves):
            state.apply(to_action(moves[i]))
    return out


def at(found, lesson_id):
    """The move index at which a lesson came (None: never)."""
    return next((i for i, name in found if name == lesson_id), None)


def lesson_of(state, seat, moves, lesson_id, to_action=lambda m: m):
    """The lesson itself, given to `seat` while the moves are played (None: never)."""
    teacher = teach.Teacher(seat)
    for i in range(len(moves) + 1):
        for item in teacher.look(state):
            if item["id"] == lesson_id:
                return item
        if i < len(moves):
            state.apply(to_action(moves[i]))
    return None
