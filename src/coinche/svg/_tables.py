"""Score tables as HTML: a deal's result and a game's score sheet (internal;
:mod:`coinche.svg` is the public module)."""

from __future__ import annotations

from collections.abc import Iterable

from coinche.config import AuctionKind
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.game import Game, _game_winner
from coinche.scoring import DealResult, TeamPoints
from coinche.seats import Team
from coinche.svg._draw import _esc


# ---------------------------------------------------------------- HTML tables
def _row(cells: Iterable[str], *, head: bool = False) -> str:
    tag = "th" if head else "td"
    return "<tr>" + "".join(f"<{tag}>{cell}</{tag}>" for cell in cells) + "</tr>"


def result_table(result: DealResult) -> str:
    """A finished deal's score as HTML: a table of each team's figures, then every
    line of :meth:`~coinche.DealResult.breakdown` (when the result can explain itself).

    What :class:`~coinche.DealResult` shows in Jupyter.

    >>> from coinche import Contract, Seat, Strain, Trick, score_deal, svg
    >>> tricks = [Trick.parse(t) for t in (
    ...     "N: JH 7H 8H 9H", "N: AS 7S 8S 9S", "N: TS JS QS KS", "N: AC 7C 8C 9C",
    ...     "N: TC JC QC KC", "N: AD 7D 8D 9D", "N: TD JD QD KD", "N: AH TH KH QH")]
    >>> page = svg.result_table(score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), tricks))
    >>> print(page.split("\\n")[1])
    <caption>80 H by N: made; NS 330, EW 0</caption>
    >>> "<tr><th>Capot</th><td>capot</td><td></td></tr>" in page
    True
    """
    if not isinstance(result, DealResult):
        raise CoincheTypeError(f"result must be a DealResult, not {type(result).__name__}")
    made = "made" if result.made else "down"

    def row(label: str, cells: Iterable[object]) -> str:
        return f"<tr><th>{label}</th>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>"

    def flag(team: Team | None, word: str) -> list[str]:
        return [word if team is t else "" for t in Team]

    lines = [
        '<table class="coinche-result">',
        f"<caption>{_esc(str(result.contract))}: {made}; {_esc(str(result.score))}</caption>",
        _row(["", "NS", "EW"], head=True),
        row("Tricks", result.tricks_won.values()),
        row("Card points", result.card_points.values()),
        row("Belote", flag(result.belote, "belote")),
        row("Announcements", result.announcement_points.values()),
    ]
    if result.capot is not None:
        lines.append(row("Capot", flag(result.capot, "capot")))
    lines.append(row("Score", result.score.values()))
    lines.append("</table>")
    try:
        breakdown = result.breakdown()
    except InvalidDealError:
        return "\n".join(lines) + "\n"
    lines.append('<table class="coinche-breakdown">')
    for line in breakdown.split("\n"):
        label, _, rest = line.partition(": ")
        lines.append(f"<tr><th>{_esc(label)}</th><td>{_esc(rest)}</td></tr>")
    lines.append("</table>")
    return "\n".join(lines) + "\n"


def score_sheet(game: Game) -> str:
    """A game's score sheet as HTML: one row per scored deal, with the contract, whether
    it was made, each team's score and the running totals; a game won in a match is
    noted and its totals start again from 0.

    What :class:`~coinche.game.Game` shows in Jupyter.

    >>> import random
    >>> from coinche import Contract, Deal, Game, RuleConfig, Seat, Strain, TeamPoints
    >>> from coinche import Trick, score_deal, svg
    >>> capot = score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), [Trick.parse(t) for t in (
    ...     "N: JH 7H 8H 9H", "N: AS 7S 8S 9S", "N: TS JS QS KS", "N: AC 7C 8C 9C",
    ...     "N: TC JC QC KC", "N: AD 7D 8D 9D", "N: TD JD QD KD", "N: AH TH KH QH")])
    >>> game = Game(RuleConfig(), 0, Deal.new(Seat.WEST, RuleConfig(), random.Random(0)),
    ...             deal_number=2, results=(capot, capot), totals=TeamPoints(660, 0))
    >>> import xml.etree.ElementTree as ET
    >>> table = ET.fromstring(svg.score_sheet(game))
    >>> table.find("caption").text
    'Coinche, common rules, game to 1000: NS 660, EW 0'
    >>> [[cell.text for cell in row] for row in table.iter("tr")][1:]
    [['1', '80 H by N', 'made', '330', '0', '330', '0'],
     ['2', '80 H by N', 'made', '330', '0', '660', '0']]
    """
    if not isinstance(game, Game):
        raise CoincheTypeError(f"game must be a Game, not {type(game).__name__}")
    rules = game.rules
    kind = "Classic belote" if rules.auction is AuctionKind.TURNED_CARD else "Coinche"
    length = f"game to {rules.target}"
    if rules.games_to_win > 1:
        length = f"first to win {rules.games_to_win} games of {rules.target}"
    caption = f"{kind}, {rules.preset_name or 'house'} rules, {length}: {game.totals}"
    if game.winner is not None:
        caption += f", won by {game.winner.short}"
    lines = [
        '<table class="coinche-score-sheet">',
        f"<caption>{_esc(caption)}</caption>",
        _row(["Deal", "Contract", "", "NS", "EW", "Total NS", "Total EW"], head=True),
    ]
    ns = ew = 0
    games = 0
    for number, result in enumerate(game.results, 1):
        score = result.score
        ns += score.north_south
        ew += score.east_west
        made = "made" if result.made else "down"
        cells = [str(number), _esc(str(result.contract)), made]
        cells += [str(score.north_south), str(score.east_west), str(ns), str(ew)]
        lines.append(_row(cells))
        winner = _game_winner(TeamPoints(ns, ew), rules.target)
        if winner is not None and rules.games_to_win > 1:
            games += 1
            lines.append(
                f'<tr><td colspan="7">Game {games} won by {winner.short}'
                + ("" if number == len(game.results) and game.is_over else "; new totals")
                + "</td></tr>"
            )
            if not (number == len(game.results) and game.is_over):
                ns = ew = 0
    if game.thrown_in:
        lines.append(f'<tr><td colspan="7">Thrown in: {game.thrown_in}</td></tr>')
    lines.append("</table>")
    return "\n".join(lines) + "\n"
