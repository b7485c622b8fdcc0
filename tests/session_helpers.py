"""The page's game sessions in CPython tests: seats of bots, and a step of the table that is
not a person's (a round's table closed, a curtain lifted, a bot's move)."""


def bots(n, level="heuristic"):
    """n bot seats."""
    return [{"name": "Bot %d" % i, "kind": "bot", "bot": level} for i in range(n)]


def table_step(session):
    """Close a round's table, lift a curtain or let a bot move; False when a person must act."""
    if session.round_pending():
        session.close_round()
    elif session.curtain_for() is not None:
        session.reveal()
    elif session.waiting_for_bot():
        session.bot_move()
    else:
        return False
    return True
