"""The data pane's summary tooltip says why the layout was chosen in the window's language (issue
54): the importer keeps the reason as its wording, the pane writes it when it is shown."""

from __future__ import annotations

from tapdesk import i18n
from tapdesk.data.readers import read_ratings
from tapdesk.gui.window.dataset_pane import import_details
from tests import IMPORT_FIXTURES
from tests.languages import english_after  # noqa: F401 - fixture


def test_the_layout_reason_of_the_summary_follows_the_language():
    with i18n.language("en"):
        dataset = read_ratings(IMPORT_FIXTURES / "headerless.csv")
        english = import_details(dataset)
    with i18n.language("de"):
        german = import_details(dataset)
    assert "because one row per subject, raters in columns" in english
    assert "eine Zeile je Fall" in german and "one row per subject" not in german, german


def test_the_simulated_data_line_reads_as_each_language_says_point_here():
    """Issue 54: "(hier zeigen für die Einstellungen)" was no German; the line says what the
    mouse pointer over it shows, as the other "point here" texts of each catalog do."""
    from tapdesk.engine.binary.simulate import TapParameters
    from tapdesk.gui.examples import simulated_dataset
    from tapdesk.gui.window.dataset_pane import describe_dataset
    dataset = simulated_dataset(TapParameters(t=0.3, a=0.6, p=0.4), 20, 3, seed=1)
    lines = {}
    for code in ("en", "de", "fr", "es"):
        with i18n.language(code):
            lines[code] = describe_dataset(dataset, dataset.table)
    assert "Simulated data (point here for the settings)" in lines["en"]
    assert "Simulierte Daten (die Einstellungen zeigt der Mauszeiger über diesem Text)" in lines["de"]
    assert "hier zeigen" not in lines["de"]
    assert "survolez ce texte pour voir les réglages" in lines["fr"]
    assert "pase el puntero sobre este texto para ver los ajustes" in lines["es"]
