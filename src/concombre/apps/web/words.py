"""The web page's own sentences: every text the page shows that does not come from a game's story.

The page (``static/index.html`` and ``static/app.js``) writes each of its sentences in English, marked
(``data-i18n`` attributes, ``t("...")`` calls), and asks ``GET /api/words`` for them in the reader's language;
this list puts them in the message catalog. ``tests/test_i18n.py`` checks that the page marks no sentence
missing here.

Examples:
    >>> "Start a game" in PAGE
    True
"""

from __future__ import annotations

from concombre.core.i18n import N_

__all__ = ["PAGE"]

PAGE: tuple[str, ...] = (
    N_("1 card"),
    N_("{count} cards"),
    N_("concombre: play Concombre or German Rommé"),
    N_("joker"),
    N_("(copy {copy})"),
    N_("just drawn"),
    N_("{name} (you)"),
    N_("Player"),
    N_("Score"),
    N_("Tie-break (R14a)"),
    N_("Cards"),
    N_("Notes"),
    N_("opened"),
    N_("not opened"),
    N_("eliminated (C11)"),
    N_("half cucumber (C10)"),
    N_("penalty {cards}"),
    N_("winner"),
    N_("away"),
    N_("Give this seat to a bot"),
    N_("{level}: {bot} (rating {rating}, {ms} ms a move)"),
    N_("The table"),
    N_("out (C11)"),
    N_("to play"),
    N_("{status}, led"),
    N_("Round {round}: {count} cards each"),
    N_("Last trick:"),
    N_("won the trick"),
    N_("{name} wins the trick."),
    N_("Wait for your turn."),
    N_("Pick one card of your hand, then the meld to lay it off on (R9)."),
    N_("Pick the card the joker stands for and the cards of the joker's new meld, then the joker (R10)."),
    N_("Stock: {cards}"),
    N_("Draw from the stock"),
    N_("Discard pile: {count}"),
    N_("empty"),
    N_("Lay off on meld {number}"),
    N_("Round {round} (tie-break, R14)"),
    N_("Round {round} of {rounds}"),
    N_("Melds on the table"),
    N_("No melds yet."),
    N_("Draw first (R15)."),
    N_("Picked: {cards}"),
    N_("Pick cards of your hand."),
    N_("Meld ready: {cards}"),
    N_("Set aside as a meld"),
    N_("Pick three or more cards for a meld (R5, R6)."),
    N_("Lay down"),
    N_("Pick cards to meld."),
    N_("Take back the melds set aside"),
    N_("Discard"),
    N_("Pick the one card to discard (R7)."),
    N_("At the low end"),
    N_("At the high end"),
    N_("Final scores"),
    N_("Scores"),
    N_("{game}: game over"),
    N_("{game}: watching"),
    N_("{game}: your turn"),
    N_("{game}: waiting for {name}"),
    N_("Seat {seat}"),
    N_("The game is over."),
    N_("You win!"),
    N_("{name} wins."),
    N_("Disconnected: {reason}. Start a new game."),
    N_("this table is gone"),
    N_("Connection lost: trying again…"),
    N_("{name} (seat {seat})"),
    N_("Spectators"),
    N_("Meld {number} (run), {owners}"),
    N_("Meld {number} (set), {owners}"),
    N_("Choose a game."),
    N_("Language"),
    N_("A new table"),
    N_("Game"),
    N_("German Rommé"),
    N_("Players"),
    N_("Your name"),
    N_("Friends"),
    N_("Bots play"),
    N_("Seed"),
    N_("any"),
    N_("A seed replays the same deals; it can be chosen only without friends, since it would show you every hand."),
    N_("Seconds per move"),
    N_("none"),
    N_("When a person's time runs out, the table's bot plays that move for them."),
    N_("{name}: {seconds} s to move"),
    N_("the bot plays for them"),
    N_("Start a game"),
    N_("Invite friends and spectators"),
    N_("Send each friend their own link: it holds their seat's secret. The "
       "spectators' link shows the table with every hand face down."),
    N_("Game over"),
    N_("Download the record"),
    N_("Play again"),
    N_("Your hand"),
    N_("Sort your hand"),
    N_("As dealt"),
    N_("By suit"),
    N_("By rank"),
    N_("What happened"),
    N_("Leave this table"),
)
"""The page's sentences, in English (the catalog's keys).

Examples:
    >>> from concombre.core.i18n import translate
    >>> translate("Start a game", "id")
    'Mulai permainan'
"""
