"""Buffer keys work out their hash once (a flood looks them up many times per line): equal keys
must still hash alike and find each other, whatever their kind and target."""

from __future__ import annotations

import copy
import pickle

from hypothesis import given
from hypothesis import strategies as st

from igs_tui.model import BufferKey, ChatKind

kinds = st.sampled_from(list(ChatKind))
targets = st.text(max_size=12)


@given(kinds, targets, kinds, targets)
def test_equal_keys_hash_alike_and_different_keys_differ(
    kind: ChatKind, target: str, other_kind: ChatKind, other_target: str
) -> None:
    key = BufferKey(kind, target)
    twin = BufferKey(kind, target)
    assert key == twin and hash(key) == hash(twin)
    assert {key: 1}[twin] == 1  # a new key finds the buffer of an equal one
    other = BufferKey(other_kind, other_target)
    assert (key == other) == (kind is other_kind and target == other_target)
    assert key != (kind, target)  # a key is not a tuple


@given(kinds, targets)
def test_a_copied_or_pickled_key_is_the_same_key(kind: ChatKind, target: str) -> None:
    key = BufferKey(kind, target)
    for again in (copy.copy(key), copy.deepcopy(key), pickle.loads(pickle.dumps(key))):
        assert again == key and hash(again) == hash(key)
    assert repr(key) == f"BufferKey(kind={kind!r}, target={target!r})"


def test_a_key_pickled_in_another_process_finds_its_buffer() -> None:
    # A string's hash differs between processes: a key must not carry its hash across.
    import subprocess
    import sys

    code = (
        "import pickle, sys\n"
        "from igs_tui.model import BufferKey, ChatKind\n"
        "sys.stdout.buffer.write(pickle.dumps(BufferKey(ChatKind.TELL, 'alice')))\n"
    )
    made = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True)
    key = pickle.loads(made.stdout)
    assert {BufferKey(ChatKind.TELL, "alice"): "buffer"}[key] == "buffer"
