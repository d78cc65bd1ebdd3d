"""The ``tiermem`` command line: one module per command group, all thin over :class:`tiermem.Memory`."""
