"""Scenarios: TOML files validated by pydantic, with errors that name the file, line and field."""

from .loader import ScenarioError, load_scenario, scenario_path
from .model import Scenario

__all__ = ["Scenario", "ScenarioError", "load_scenario", "scenario_path"]
