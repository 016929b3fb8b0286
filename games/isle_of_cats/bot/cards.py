"""What cards and fish are worth to a seat, from its view: a card by what it brings (lessons by
how likely the bot is to score them on its boat), fish by the cats and cards they may still buy.
Both the normal bot's ratings and the search's estimate of a day's end read it.
"""

from __future__ import annotations

from typing import Any

from games.isle_of_cats.bot.boat import Boat, Outlook
from games.isle_of_cats.components import CARDS, COLOURS, DAYS

FISH_PER_RESCUE = 4
"""Fish the bot keeps in mind for each basket it expects to fill."""
RESCUES_A_DAY = 4
"""Cats the bot can hope to rescue in a day: the zones hold few, and the others take some."""
BASKET_WORTH = 4.0
"""A basket it has the fish to fill: one more cat on the boat."""
FISH_WORTH = 0.4
"""One fish before the last day: a share of a later rescue or card."""
LAST_DAY_FISH_WORTH = 0.05
"""One fish on the last day: little more than the tie-break."""
SOLO_TREASURE_WORTH = 2.0
"""Solo, a card that brings treasures is worth more: they fill the boat, and the sister scores
no colour on them."""

EFFECT_WORTH = {
    "rescue": 4.0,
    "cheap_right_zone": 1.0,
    "look_buy": 1.5,
    "draw": 2.0,
    "look_keep": 2.0,
    "gain_basket": 4.0,
    "refund_last_rescue": 1.5,
    "arrange_next_refill": 0.5,
    "gain_fish": 2.5,
    "take_commons": 2.0,
}

LESSON_SHARE = {
    "colour_exact": 0.6,
    "colour_count_each": 3.0,
    "colour_majority": 0.4,
    "edge_all_colours": 0.5,
    "edge_cats_per": 4.0,
    "edge_colour_each": 2.5,
    "family_colour_min": 0.4,
    "families_count_at_least": 0.2,
    "family_colours_each": 1.5,
    "largest_family_top": 0.35,
    "lone_cats_at_most": 0.3,
    "rats_all_covered": 0.25,
    "rare_at_least": 0.3,
    "rare_each": 1.5,
    "common_each": 2.0,
    "oshax_each": 0.5,
    "full_rows_each": 1.0,
    "full_columns_each": 1.0,
    "sections_full_each": 1.5,
    "maps_matched_each": 1.5,
    "colour_in_sections_each": 3.0,
    "section_colours_at_least": 0.3,
    "section_cats_only": 0.2,
    "colour_adjacent_treasure_each": 1.5,
}
"""The share of a lesson's points the bot expects to score: a multiple for the per-item ones.
The bot of before valued every lesson at half its points and scored nothing with two in three."""


BUY_FACTS = {
    card: (
        int(info["cost"]),
        info["kind"] == "rescue",
        int(info.get("basket") == "whole"),
        int(info.get("basket") == "broken"),
        int(info.get("speed", 0)),
        int(info["effect"]["amount"])
        if info["kind"] == "anytime" and info["effect"]["kind"] == "gain_fish"
        else 0,
    )
    for card, info in CARDS.items()
}
"""What a buy reads of each card, once: cost, whether it is a rescue card, its whole and
broken baskets, speed, and the fish it brings (a buy weighs every subset of the picks)."""


class Worth:
    """A seat's worth of cards, fish and baskets, read from its view."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view = view
        self.me = view["players"][seat]
        self.outlook = Outlook(view)
        self.boat = Boat(self.me["tiles"], self.outlook)
        last = int(view["day"]) >= DAYS
        self.fish_worth = LAST_DAY_FISH_WORTH if last else FISH_WORTH
        self._card_worths: dict[str, float] = {}
        held = [c for c in view.get("aside") or [] if CARDS[c]["kind"] == "rescue"]
        self._held_whole = sum(1 for c in held if CARDS[c]["basket"] == "whole")
        self._held_broken = sum(1 for c in held if CARDS[c]["basket"] == "broken")

    def card_worth(self, card: str) -> float:
        """How much holding a card is worth to the bot, before its cost (worked out once a
        card: a buy weighs every subset of the picks)."""
        worth = self._card_worths.get(card)
        if worth is None:
            worth = self._card_worths[card] = self._card_worth(card)
        return worth

    def _card_worth(self, card: str) -> float:
        info = CARDS[card]
        kind = info["kind"]
        if kind == "rescue":
            basket = {"whole": 4.0, "broken": 2.0, "none": 0.0}[info["basket"]]
            return basket + 0.5 * int(info["speed"])
        solo = SOLO_TREASURE_WORTH if self.outlook.solo else 0.0
        if kind == "anytime":
            effect = info["effect"]["kind"]
            return EFFECT_WORTH[effect] + (solo if effect == "take_commons" else 0.0)
        if kind == "treasure":
            return 3.0 + (2.0 if info["effect"]["rare"] else 0.0) + solo
        if kind == "oshax":
            sister = sum(
                p for rule, p in self.outlook.sister if rule["kind"] == "oshax_not_on_boat_each"
            )
            return 5.0 + sister
        return self.lesson_worth(card)

    def lesson_worth(self, card: str) -> float:
        """The points a lesson is likely to earn on this boat, from the days left."""
        info = CARDS[card]
        rule = info["rule"]
        points = int(info["points"])
        kind = rule["kind"]
        outlook = self.outlook
        worth = points * LESSON_SHARE.get(kind, 0.3)
        colour = rule.get("colour")
        count = self.boat.count
        if kind == "colour_exact":
            missing = int(rule["n"]) - count[colour]
            if missing < 0:
                return 0.0
            worth -= 0.5 * outlook.colour_cost[colour] * missing
        elif colour in COLOURS and outlook.solo:
            worth -= outlook.colour_cost[colour]
        if kind == "largest_family_top" and outlook.solo:
            worth *= min(1.0, max(self.boat.largest, 2) / int(rule["solo_min"]))
        if info["scope"] == "public":
            worth = worth / 2 if outlook.solo else worth * 0.4
        if int(self.view["day"]) >= DAYS and self.view["phase"] not in ("draft", "buy"):
            return 0.0
        return max(0.0, worth * (0.4 + 0.6 * outlook.time_left))

    def buy_worth(self, cards: list[str]) -> float:
        """Cards are worth their own worth, but baskets only as many as the fish left can fill
        today (the bot of before bought baskets it had no fish for)."""
        cost = 0
        whole = self._held_whole
        broken = self._held_broken
        fish = int(self.me["fish"])
        speed = 0
        others = 0.0
        for c in cards:
            price, rescue, basket_whole, basket_broken, card_speed, gain = BUY_FACTS[c]
            cost += price
            if rescue:
                whole += basket_whole
                broken += basket_broken
                speed += card_speed
            else:
                fish += gain
                others += self.card_worth(c)
        broken //= 2
        fish -= cost
        fillable = min(int(self.me["baskets"]) + whole + broken, fish // FISH_PER_RESCUE)
        baskets = min(fillable, RESCUES_A_DAY) - min(int(self.me["baskets"]), RESCUES_A_DAY)
        return others + BASKET_WORTH * baskets + 0.3 * speed - self.fish_worth * cost

    def _selection_worth(self, cards: list[str]) -> float:
        """Speed helps; baskets help only as far as fish can fill them."""
        speed = sum(int(CARDS[c]["speed"]) for c in cards)
        whole = sum(1 for c in cards if CARDS[c]["basket"] == "whole")
        broken = sum(1 for c in cards if CARDS[c]["basket"] == "broken") // 2
        fillable = max(0, int(self.me["fish"]) // 3 - int(self.me["baskets"]))
        return 0.3 * speed + 3.0 * min(whole + broken, fillable) - 0.5 * len(cards)

    def _colours_worth(self, colours: dict[str, str]) -> float:
        """A chosen-colour public lesson pays for cats of that colour: one the bot has many of,
        solo one that costs it little at the sister's colour cards."""
        return sum(
            self.boat.count[colour] - 0.5 * self.outlook.colour_cost[colour]
            for colour in colours.values()
        )
