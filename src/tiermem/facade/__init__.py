"""The namespaces of the ``Memory`` facade beyond the everyday verbs: ``mem.llm``, ``mem.workspace`` and
``mem.admin`` (``mem.lifecycle(workspace)`` is :class:`tiermem.lifecycle.service.LifecycleService`). Each
validates its arguments and calls one application service."""
