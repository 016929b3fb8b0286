"""A game that breaks its contract in every way `games.checks` looks for (its check's test)."""
