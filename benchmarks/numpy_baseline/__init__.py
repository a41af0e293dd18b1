"""The NumPy BatchEnv as the library shipped it before the JAX engine (frozen copy).

``benchmarks/bench_jax.py`` times it beside :mod:`coinche.arrays` in the same run, as the
baseline the JAX engine is measured against; nothing in the library imports it.
"""
