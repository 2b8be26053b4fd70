"""Tute: the Spanish deck's trick-taking games against computer opponents."""

__version__ = "0.1.0"
