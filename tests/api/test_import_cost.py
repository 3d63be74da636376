"""``import tapdesk`` stays cheap (issue 56): no Qt, no plotting, no numerical library; the
API loads them only when asked (a fit loads numpy, never Qt)."""

from __future__ import annotations

import json
import subprocess
import sys

QT_AND_PLOTS = ("PySide6", "shiboken6", "pyqtgraph", "matplotlib")


def loaded_after(code: str) -> set[str]:
    script = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, timeout=300).stdout
    return {name.split(".")[0] for name in json.loads(out.splitlines()[-1])}


def test_import_tapdesk_loads_no_qt_no_plotting_no_numpy():
    loaded = loaded_after("import tapdesk")
    assert not loaded & {*QT_AND_PLOTS, "numpy", "pandas", "scipy"}


def test_a_fit_from_python_loads_no_qt():
    loaded = loaded_after("import tapdesk\n"
                          "tapdesk.fit(tapdesk.example('wine'), model='per-rater', cut='2')")
    assert "numpy" in loaded
    assert not loaded & set(QT_AND_PLOTS)


def test_the_api_names_are_listed_and_reached_lazily():
    import tapdesk
    import tapdesk.api
    assert set(tapdesk.__all__) - {"__version__"} <= set(tapdesk.api.__all__)
    assert all(getattr(tapdesk, name) is getattr(tapdesk.api, name)
               for name in tapdesk.__all__ if name != "__version__")
    assert "fit" in dir(tapdesk)
