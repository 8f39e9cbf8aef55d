"""The one place in Python that turns a ``rules`` argument (``Rules``, their text form or an
``Edition``) into ``Rules``; the native functions take the same three (``RulesArg`` in
``src/rules.rs``) and reject the rest with the same error."""

from __future__ import annotations

from typing import Any, Union

from ._enums import Edition
from ._stratego import Rules

#: What a ``rules`` argument may be: ``Rules``, their text form (``"barrage"``) or an ``Edition``.
RulesLike = Union[Rules, str, Edition]


def as_rules(rules: Any) -> Rules:
    """``rules`` itself, the rules its text form names, or an edition's preset; a
    ``TypeError`` for anything else.

    >>> as_rules("barrage") == as_rules(Edition.BARRAGE) == Rules.edition("barrage")
    True
    """
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules(rules)
    if isinstance(rules, Edition):
        return Rules.edition(rules)
    raise TypeError(
        f"rules must be Rules, their text form (such as 'barrage') or an Edition, not {type(rules).__name__}"
    )
