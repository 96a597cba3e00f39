"""The attributes the engine itself writes claims about (where something is, who accused whom,
a liar's motive...), with their words and importance; a scenario may redefine any of them."""

from __future__ import annotations

from .scenario.model import Attribute

# Attributes the engine itself writes claims about; a scenario may redefine any of them.
BUILTIN_ATTRIBUTES = {
    "location": Attribute(nature="state", topic="whereabouts", label="{subject} is at {value}",
                          about="where {subject} is"),
    "accused_by": Attribute(label="{subject} was accused by {value}", importance=6,
                            about="who accused {subject}"),
    "avoid": Attribute(nature="state", label="{subject} is avoiding {value}", importance=1,
                       about="whom {subject} is avoiding"),
    "break_off": Attribute(nature="state", label="{subject} broke off with {value}",
                           importance=5, about="whom {subject} broke off with"),
    "reconcile": Attribute(nature="state", label="{subject} made peace with {value}",
                           importance=2, about="whom {subject} made peace with"),
    "administer": Attribute(label="{subject} treated {value}", importance=4,
                            about="whom {subject} treated"),
    # What others know of a liar's motive (game.lies).
    "rival_of": Attribute(label="{subject} has it in for {value}", importance=2,
                          about="whom {subject} has it in for"),
    "friend_of": Attribute(label="{subject} would do anything for {value}", importance=2,
                           about="whom {subject} would cover for"),
    "gains_from": Attribute(label="{subject} stands to gain if people turn on {value}",
                            importance=2, about="whom {subject} stands to gain from"),
}
