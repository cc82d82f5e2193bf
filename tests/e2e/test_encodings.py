"""The legacy codec chosen at login decodes a server's Japanese and Korean bytes (#14 item 9):
real Shift-JIS and EUC-KR lines over TCP on 127.0.0.1, through the Connector into the model."""

from __future__ import annotations

from pathlib import Path

import pytest

from igs_tui.apps.connector import Connector
from igs_tui.model import BufferKey, ChatKind, ClientModel
from igs_tui.ui.session.login_request import LoginRequest
from tests.net.fakeigs import FakeIgs
from tests.polling import wait_until

JAPANESE = "こんにちは、碁を打ちましょう"
KOREAN = "안녕하세요 바둑 한 판 둘까요"
# Shift-JIS and EUC-KR, as a Japanese and a Korean client of the 1990s send them
GREETING = (
    b"24 *taro*: " + JAPANESE.encode("shift_jis") + b"\r\n"
    b"24 *minsu*: " + KOREAN.encode("euc_kr") + b"\r\n1 5\r\n"
)


def tell(model: ClientModel, name: str) -> str:
    buffer = model.buffers.get(BufferKey(ChatKind.TELL, name))
    return buffer.messages[-1].text if buffer is not None and buffer.messages else ""


@pytest.mark.parametrize(
    ("encoding", "readable"), [("cp932", "taro"), ("euc_kr", "minsu"), ("", "")]
)
async def test_the_codec_chosen_at_login_reads_that_language(
    encoding: str, readable: str, tmp_path: Path
) -> None:
    model = ClientModel()
    connector = Connector(model, record=False, autosave=False, games_dir=tmp_path)
    async with FakeIgs(greeting=GREETING) as igs:
        request = LoginRequest("custom", "127.0.0.1", igs.port, "", guest=True, encoding=encoding)
        try:
            await connector(request)
            await wait_until(lambda: bool(tell(model, "taro")) and bool(tell(model, "minsu")))
            assert connector.client is not None
            assert connector.client.config.legacy_encoding == (encoding or "gb18030")
            texts = {"taro": tell(model, "taro"), "minsu": tell(model, "minsu")}
        finally:
            await connector.close()
    originals = {"taro": JAPANESE, "minsu": KOREAN}
    for name, text in texts.items():
        # the chosen language reads as sent; the other (and both under the GB18030 default)
        # comes out as something else, never as an error
        assert (text == originals[name]) is (name == readable), (name, text)
