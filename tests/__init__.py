"""TapDesk's tests, in rooms that mirror the package (tests/engine/bayes/ beside tapdesk/engine/bayes/).

The places tests read from, named once here so that a test file can move between rooms."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The project folder (a checkout)."""
FIXTURES = ROOT / "tests" / "fixtures"
IMPORT_FIXTURES = FIXTURES / "import"
EXAMPLE_DATA = ROOT / "tapdesk" / "resources" / "example_data"
WINE = EXAMPLE_DATA / "wine.csv"
"""The wine-judging example shipped in the package."""
SHARED_DATA = ROOT.parent / "shared" / "data"
"""The shared real data sets beside the project (tests that need them skip when absent)."""
