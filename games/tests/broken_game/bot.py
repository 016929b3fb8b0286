"""A bot that is no function."""

choose_move = "pass"
