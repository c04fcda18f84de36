"""Pure rules engines of the six games (no Discord, no I/O but the command line)."""
