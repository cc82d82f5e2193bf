"""The KGS binary protocol of specs/kgs-protocol.txt, sans-IO.

* :mod:`.schema` -- the shapes of the protocol description (types, enums, structures, messages).
* :mod:`.catalogue` -- every type, enum, structure and message of the spec, as data (GENERATED
  by ``scripts/kgs_catalogue_gen.py``).
* :mod:`.registry` -- lookups in the catalogue (by origin and code, by name).
* :mod:`.primitives` -- integers, fixed and UCS-2 strings, scaled numbers, the password hash.
* :mod:`.codec` -- any catalogued message to and from bytes, driven by the catalogue.
* :mod:`.recurrences` -- the length-xor (sent) and type-offset (received) recurrences.
* :mod:`.framing` -- the message header and a splitter for a byte stream.
* :mod:`.connection` -- client and server ends: handshake, zlib stream, bytes in, messages out.
* :mod:`.enums` -- enum and set values to names, unknown values kept as numbers.
* :mod:`.readings` -- the values both ends of a link read where the spec leaves them blank.

Nothing here opens a socket, touches the model or imports another backend (import-linter
contracts in pyproject.toml).
"""
