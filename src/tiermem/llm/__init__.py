"""What tiermem uses an LLM for, each with a rule-based path that runs when there is no LLM or it fails."""
