"""Game records: one model (:mod:`.model`), SGF (:mod:`.sgf`) and Ishi (:mod:`.ishi`) adapters.

Typical use::

    from igs_tui.records import read_record_file, write_record_file, replay
    collection = read_record_file("game.sgf")   # or .go / .ishi
    game = replay(collection[0])                # igs_tui.go.Game at the end of the main line
    write_record_file(collection, "game.go")     # atomic; format from the extension
"""

from igs_tui.records.convert import (
    RecordFormat,
    UnknownFormatError,
    format_for_path,
    read_record_file,
    run_convert_cli,
    save_sgf_atomic,
    write_record_file,
)
from igs_tui.records.ishi import parse_ishi, write_ishi
from igs_tui.records.model import (
    ALL,
    Collection,
    Comment,
    Diagram,
    GameInfo,
    GameRecord,
    Mark,
    MarkAction,
    MarkKind,
    MoveRange,
    Node,
    Play,
    RecordError,
    UserBlock,
)
from igs_tui.records.replay import captures_by_node, replay, replay_path
from igs_tui.records.sgf import parse_sgf, write_sgf

__all__ = [
    "ALL",
    "Collection",
    "Comment",
    "Diagram",
    "GameInfo",
    "GameRecord",
    "Mark",
    "MarkAction",
    "MarkKind",
    "MoveRange",
    "Node",
    "Play",
    "RecordError",
    "RecordFormat",
    "UnknownFormatError",
    "UserBlock",
    "captures_by_node",
    "format_for_path",
    "parse_ishi",
    "parse_sgf",
    "read_record_file",
    "replay",
    "replay_path",
    "run_convert_cli",
    "save_sgf_atomic",
    "write_ishi",
    "write_record_file",
    "write_sgf",
]
