"""Work at scale: where independent tasks run (:mod:`coinche.scale.executors`),
duplicate matches between players (:mod:`coinche.scale.arena`) and datasets of solved
deals (:mod:`coinche.scale.datasets`).

The package re-exports nothing: import the module you need.
"""
