"""The one place that turns a ``rules`` argument (a ``Rules`` or its text form) into ``Rules``,
so every entry point accepts the same things and rejects the rest with the same error."""

from __future__ import annotations

from typing import Any

from ._stratego import Rules


def as_rules(rules: Any) -> Rules:
    """``rules`` itself, or the rules its text form names; a ``TypeError`` for anything else.

    >>> as_rules("barrage") == Rules.edition("barrage")
    True
    """
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules(rules)
    raise TypeError(f"rules must be Rules or their text form, not {type(rules).__name__}")
