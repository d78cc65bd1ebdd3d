"""Adapters to embedding models and LLMs."""
