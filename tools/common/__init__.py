"""Helpers shared by the extraction scripts under tools/ (see tools/README.md)."""
