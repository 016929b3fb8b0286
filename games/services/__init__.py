"""Writes on matches, by domain (as Zulip's `actions/`): a match begun (`matches`), a move
recorded (`moves`), the bots' turns (`bots`), who plays a seat (`seats`), a bot playing for a
person who stays (`autoplay`), the clocks (`clocks`), the end of a match (`finishing`), its
analysis (`analysis`). Each write validates, locks the match (`locks`), stores and tells after
commit (`announce`); views, consumers and tasks only call these, by the names below."""

from games.services.analysis import queue_analysis, request_analysis, run_analysis
from games.services.announce import (
    LOBBY_GROUP,
    announce_move,
    match_group,
    my_games_group,
    queue_bots,
)
from games.services.autoplay import let_bot_play, take_seat_back
from games.services.bots import bot_pace, play_bot_turns, run_bots
from games.services.clocks import (
    ARRIVAL_SECONDS,
    REMINDER_BEFORE,
    check_clock,
    come_to_table,
    declare_vacation,
    expire_clocks,
    remind_turn,
    send_turn_reminder,
)
from games.services.finishing import end_match_early
from games.services.matches import (
    import_record,
    play_against_bots,
    playable_game,
    site_bots,
    start_match,
)
from games.services.moves import MoveAccepted, submit_move, submit_move_form
from games.services.refusals import MoveRefused, SessionEnded, refusal_text
from games.services.seats import (
    abandon_every_match,
    accept_seat_offer,
    ask_for_substitute,
    decline_seat_offer,
    leave_match,
    offer_seat,
    volunteer,
    withdraw_seat_offer,
)

__all__ = [
    "ARRIVAL_SECONDS",
    "LOBBY_GROUP",
    "REMINDER_BEFORE",
    "MoveAccepted",
    "MoveRefused",
    "SessionEnded",
    "abandon_every_match",
    "accept_seat_offer",
    "announce_move",
    "ask_for_substitute",
    "bot_pace",
    "check_clock",
    "come_to_table",
    "declare_vacation",
    "decline_seat_offer",
    "end_match_early",
    "expire_clocks",
    "import_record",
    "leave_match",
    "let_bot_play",
    "match_group",
    "my_games_group",
    "offer_seat",
    "play_against_bots",
    "play_bot_turns",
    "playable_game",
    "queue_analysis",
    "queue_bots",
    "refusal_text",
    "remind_turn",
    "request_analysis",
    "run_analysis",
    "run_bots",
    "send_turn_reminder",
    "site_bots",
    "start_match",
    "submit_move",
    "submit_move_form",
    "take_seat_back",
    "volunteer",
    "withdraw_seat_offer",
]
