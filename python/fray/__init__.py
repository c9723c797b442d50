"""fray: exact and sampled combat of turn-based roguelikes, from Python.

Each function answers one verb of the ``fray`` command line, through the same
C++ library: ``dist`` and ``roll`` (dice), ``attack`` and ``strike`` (one
attack), ``ttk`` and ``duel`` (fights), ``sweep`` (a spec key of any game raised step by step), ``catalog``
(``fray list``), ``fov`` (grids); and the verbs only some games have,
``table``, ``turn``, ``path``, ``aim`` and ``surprise``, also generically
(``game_verbs``, ``game_verb``: any game's, a registered game's too); and
any other game's melee described in a rules file (``load_rules``). Specs are the command line's strings, or
dictionaries (``fray.spec`` says how one becomes text). Results are typed and
``to_json()`` gives the document ``fray VERB --json`` prints for the same
question. Bad input raises ``fray.Error``, a ``ValueError``, with the message
the command line prints (a rules file's problem ``fray.RulesFileError``, with
its file, line and column).

    >>> import fray
    >>> fray.attack("brogue", "ogre", "player").p_hit
    >>> fray.dist("4d6kh3").mean
"""

from ._fray import MAX_COUNT, MAX_TRACED, Error, RulesFileError, __version__
Error.__module__ = "fray"
RulesFileError.__module__ = "fray"

from ._results import (
    Aim,
    Attack,
    Draw,
    Duel,
    Fov,
    ImportedCharacter,
    Outcome,
    Path,
    Pmf,
    Result,
    Roll,
    Strike,
    StrikeRun,
    Surprise,
    Table,
    Ttk,
    Turn,
    TurnAttack,
)
from ._api import (
    MapInput,
    Point,
    Rules,
    RulesRef,
    Spec,
    aim,
    armor_for_hit,
    attack,
    catalog,
    catalogs,
    dist,
    duel,
    enchant_for_hit,
    engines,
    fov,
    game_verb,
    game_verbs,
    import_character,
    load_rules,
    path,
    roll,
    rulesets,
    spec,
    strike,
    surprise,
    sweep,
    bestiary,
    table,
    ttk,
    turn,
)

from . import _api, _results

# Every name of the two modules, and the module's own constants.
__all__ = ["Error", "RulesFileError", "MAX_COUNT", "MAX_TRACED", "__version__", *_results.__all__, *_api.__all__]
