"""Messages kept for users who are away: ``message`` (list, or leave one) and ``erase``.

``message`` alone answers with the messages in a ``14 File`` block, one ``sender MM/DD/YY
HH:MM: text`` line each (the form other IGS clients read), or ``You have no messages.``;
``message NAME text`` leaves one for NAME; ``erase`` deletes the caller's messages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from igs_tui.localserver import lines as fmt
from igs_tui.localserver.lines import Line
from igs_tui.localserver.registry import command

if TYPE_CHECKING:
    from igs_tui.localserver.hub import Hub
    from igs_tui.localserver.session import Session
    from igs_tui.localserver.users import User


@command("message", "messages")
def cmd_message(hub: Hub, session: Session, user: User, args: str) -> None:
    name, _, text = args.partition(" ")
    if not name:
        if not user.messages:
            session.send([(9, fmt.NO_MESSAGES)])
            return
        out: list[Line] = [(14, "File")]
        out += [(None, fmt.stored_message(*m)) for m in user.messages]
        out.append((14, "File"))
        session.send(out)
        return
    target = hub.users.get(name.lower())
    if target is None or target.guest:
        session.send([(5, f"Cannot find player {name}.")])
        return
    if not text.strip():
        session.send([(5, "Usage: message [<name> <text>]")])
        return
    hub.leave_message(user.name, target, text.strip()[:300])
    session.send([(9, f"Message saved for {target.name}.")])


@command("erase")
def cmd_erase(hub: Hub, session: Session, user: User, args: str) -> None:
    user.messages.clear()
    session.send([(9, fmt.MESSAGES_ERASED)])
