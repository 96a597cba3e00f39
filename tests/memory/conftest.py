"""Fixtures for the memory suite: a fresh in-memory store per test."""

import pytest

from memory import MemoryStore


@pytest.fixture
def store() -> MemoryStore:
    """A fresh in-memory store under the default ("rules") revision policy."""
    s = MemoryStore(":memory:")
    yield s
    s.close()


@pytest.fixture
def noisy() -> MemoryStore:
    """A fresh in-memory store under the alternative noisy-OR policy (epistemics §5)."""
    s = MemoryStore(":memory:", policy="noisy_or")
    yield s
    s.close()
