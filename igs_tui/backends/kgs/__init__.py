"""KGS (KGS Go Server) backend, issue #15. So far only :mod:`.protocol`, the sans-IO binary
protocol of specs/kgs-protocol.txt; nothing else imports this package yet. The transport, the
event translator and the capabilities will sit beside it, as for IGS."""
