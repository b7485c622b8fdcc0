"""Fuzz: random legal and illegal inputs never raise anything but the engine's own errors."""

import importlib.util
import pathlib

import pytest

BENCH = pathlib.Path(__file__).resolve().parent.parent / "benchmarks" / "bench_engine.py"


def load_bench():
    """Import the benchmark script, which owns the fuzz loop."""
    spec = importlib.util.spec_from_file_location("bench_engine", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fuzz_10000_inputs():
    """10,000 mixed inputs: legal ones play, the rest are refused with a reason."""
    ok, refused, games = load_bench().fuzz(10_000, seed=7)
    assert ok > 3000 and refused > 3000 and games > 10


@pytest.mark.slow
def test_fuzz_100000_inputs():
    """The full 100,000-input fuzz run of the issue."""
    ok, refused, games = load_bench().fuzz(100_000, seed=1)
    assert ok + refused >= 100_000 and games > 300
