"""Networking: the telnet transport to IGS and the connection driver around the protocol session.

Data flows one way: socket -> :mod:`.linesplit` (bytes -> lines, prompts without newline) ->
:mod:`.decoding` (bytes -> str, UTF-8 then a legacy codec) -> ``igs_tui.backends.igs.protocol``
(events) ->
consumers. :class:`IgsClient` runs that loop with keepalive, reconnect and restore; the policy
pieces (:mod:`.backoff`, :mod:`.keepalive`, :mod:`.restore`) are pure and tested without sockets.

* :mod:`.servers` -- the IGS host list and ``host:port`` parsing;
* :mod:`.transport` -- :class:`TelnetTransport` (telnetlib3 in bytes mode);
* :mod:`.client` -- :class:`IgsClient`, :class:`ClientConfig`; :mod:`.states` -- link events;
* :mod:`.recorder` -- :class:`SessionRecorder`, transcripts without the password.
"""

from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.client import ClientConfig, ClientEvent, IgsClient
from igs_tui.backends.igs.net.decoding import LineDecoder, encode_command
from igs_tui.backends.igs.net.linesplit import LineSplitter
from igs_tui.backends.igs.net.recorder import SessionRecorder, transcript_recorder
from igs_tui.backends.igs.net.servers import IGS_SERVERS, ServerAddress, parse_server
from igs_tui.backends.igs.net.states import (
    Connected,
    Connecting,
    ConnectionEvent,
    Disconnected,
    Failed,
    LagMeasured,
    LoggingIn,
    Reconnecting,
)
from igs_tui.backends.igs.net.transport import TelnetTransport, TransportClosed, TransportError

__all__ = [
    "IGS_SERVERS",
    "BackoffPolicy",
    "ClientConfig",
    "ClientEvent",
    "Connected",
    "Connecting",
    "ConnectionEvent",
    "Disconnected",
    "Failed",
    "IgsClient",
    "LagMeasured",
    "LineDecoder",
    "LineSplitter",
    "LoggingIn",
    "Reconnecting",
    "ServerAddress",
    "SessionRecorder",
    "TelnetTransport",
    "TransportClosed",
    "TransportError",
    "encode_command",
    "parse_server",
    "transcript_recorder",
]
