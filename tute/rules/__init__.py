"""Ruleset files and their validation."""

from tute.rules.ruleset import Option, OptionValue, RuleSet, RulesetError, load_ruleset

__all__ = ["Option", "OptionValue", "RuleSet", "RulesetError", "load_ruleset"]
