"""The benchmark suite (issue 9): `python -m bench [--quick]` prints every figure in one table.

Measurement only: nothing here changes how the site works. See `bench/README.md`.
"""
