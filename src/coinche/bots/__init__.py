"""What chooses actions or studies them: the built-in players
(:mod:`coinche.bots.players`), the double-dummy solver (:mod:`coinche.bots.solver`, its
search on ints in ``coinche.bots._search``), the sampling of hidden hands
(:mod:`coinche.bots.sampling`, weighted by the calls in :mod:`coinche.bots.inference`),
contract evaluation (:mod:`coinche.bots.evaluate`) and the score bidder
(:mod:`coinche.bots.bidding`).

The package re-exports nothing, so that importing one of them does not build the
solver's tables: import the module you need.
"""
