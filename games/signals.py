"""What the games app tells the rest of the site, without knowing who listens."""

from django.dispatch import Signal

match_ended = Signal()
"""Sent inside the transaction that stores a match's end (keyword `match`)."""
