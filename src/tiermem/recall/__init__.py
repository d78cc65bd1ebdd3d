"""The read path: query understanding, candidates, fusion, scoring."""
