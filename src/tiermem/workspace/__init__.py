"""The file workspace (seed 003): MEMORY.md, daily logs and the layered working-memory files, loaded in
four phases under a token budget and written back at each session end."""
