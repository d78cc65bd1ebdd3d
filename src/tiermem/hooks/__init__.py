"""Claude Code hooks: capture what a coding session teaches, recall it, warn about what failed before.

``tiermem hook EVENT`` reaches :mod:`tiermem.hooks.client` first, which imports only the standard library and
asks a resident helper (:mod:`tiermem.hooks.helper`) holding the open stores; without one it answers
in-process. The rules (:mod:`.rules`, :mod:`.tracker`, :mod:`.transcript`) are pure and unit-tested.
"""
