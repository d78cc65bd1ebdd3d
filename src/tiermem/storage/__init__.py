"""Storage backends behind one contract (``base.Backend``)."""
