"""A small CSS selector matcher over HTML (html.parser), for CPython tests of what a table's
selectors light (teaching mode's teach_targets, hints' hint_targets):

    tree = Tree(html)
    select(tree, '.seat[data-seat="1"] .bamboo-stack.bcol-2')   # indices into tree.elements
    tree.elements[i]                                            # (tag, attrs, ancestors)

A selector is compounds (tag, .class, [attr] or [attr="value"]) joined by spaces (descendant);
anything else fails the test that uses it. `[attr=""]` wants the value empty, `[attr]` any.
"""

import re
from html.parser import HTMLParser

VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Tree(HTMLParser):
    """Every element as (tag, attrs, ancestors' indices), in document order."""

    def __init__(self, html):
        super().__init__()
        self.elements, self.open = [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs), list(self.open)))
        if tag not in VOID:
            self.open.append(len(self.elements) - 1)

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, dict(attrs), list(self.open)))

    def handle_endtag(self, tag):
        while self.open:
            if self.elements[self.open.pop()][0] == tag:
                break


# the selectors the tables write: compounds (tag, .class, [attr], [attr="value"]) joined by
# spaces; a tag name may hold digits ("h2")
COMPOUND = re.compile(r'^([a-z][a-z0-9]*)?((?:\.[\w-]+|\[[\w-]+(?:="[^"]*")?\])*)$')
PART = re.compile(r'\.([\w-]+)|\[([\w-]+)(=)?(?:"([^"]*)")?\]')


def fits(compound, element):
    """Does one element match a compound selector?"""
    tag, attrs, _ = element
    m = COMPOUND.match(compound)
    assert m and compound, "a selector this test cannot read: %r" % compound
    if m.group(1) and m.group(1) != tag:
        return False
    for cls, name, equals, value in PART.findall(m.group(2)):
        if cls and cls not in (attrs.get("class") or "").split():
            return False
        if name and (name not in attrs or (equals and attrs[name] != value)):
            return False
    return True


def select(tree, selector):
    """The indices of the elements a selector (a descendant chain, no commas) matches."""
    *outer, last = selector.split()
    found = []
    for i, element in enumerate(tree.elements):
        if not fits(last, element):
            continue
        ancestors, want = element[2][::-1], outer[::-1]
        for a in ancestors:                  # nearest first; each outer compound in turn
            if want and fits(want[0], tree.elements[a]):
                want.pop(0)
        if not want:
            found.append(i)
    return found


