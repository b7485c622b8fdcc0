"""The bots' worker's answers checked before the page uses them (the worker is another
thread's code, and its text is untrusted like any message): an action must be one of the
legal ones, a search's report must name legal candidates and the chosen move.
"""

def checked_report(report, legal, action):
    """A search's report from the worker as the reasons may read it, or None if it is not
    one: every candidate one of the `legal` actions, the chosen one `action`; effects not
    shaped as the engine gives them are left out (the rest stays)."""
    if not isinstance(report, dict):
        return None
    candidates, chosen = report.get("candidates"), report.get("chosen")
    if not isinstance(candidates, list) or not candidates or \
            any(legal_action(c, legal) is None for c in candidates) or \
            type(chosen) is not int or not 0 <= chosen < len(candidates) or \
            as_action(candidates[chosen]) != action:
        return None
    if "effects" in report and not effects_fit(report["effects"], candidates):
        report = {k: v for k, v in report.items() if k != "effects"}
    return report


def effects_fit(effects, candidates):
    """True if a hint's effects are as pygame_rules.hint.explain gives them: per candidate
    None or a list of events (dicts with a "type")."""
    return isinstance(effects, list) and len(effects) == len(candidates) and all(
        e is None or isinstance(e, list) and all(
            isinstance(x, dict) and isinstance(x.get("type"), str) for x in e)
        for e in effects)


def legal_action(value, legal):
    """`value` (JSON: lists) as one of the `legal` actions, or None if it is not one."""
    if not isinstance(value, list):
        return None
    action = as_action(value)
    try:
        return action if action in legal else None
    except TypeError:                 # something unhashable inside: not an action
        return None


def as_action(value):
    """An action as the engine gives it: JSON's lists become tuples (nested too)."""
    if isinstance(value, list):
        return tuple(as_action(v) for v in value)
    return value
