#!/usr/bin/env python3
"""The translation catalogs (docs/translating.md), with Babel:

    .venv/bin/python scripts/catalogs.py extract        # tapdesk/i18n/locale/tapdesk.pot from the code
    .venv/bin/python scripts/catalogs.py update [CODE]  # merge the template into each (or CODE's) .po
    .venv/bin/python scripts/catalogs.py compile        # every .po to the .mo the app reads
    .venv/bin/python scripts/catalogs.py all            # the three, in order

A new language: add "code name" to tapdesk/i18n/locale/languages.txt, run `update CODE`,
translate the new .po, run `compile`.
"""

from __future__ import annotations

import sys

from tapdesk.i18n import tooling


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("extract", "update", "compile", "all"):
        print(__doc__)
        return 2
    step, codes = argv[0], argv[1:] or tooling.translated_languages()
    if step in ("extract", "all"):
        tooling.write_template()
        print(f"wrote {tooling.TEMPLATE}")
    if step in ("update", "all"):
        for code in codes:
            tooling.update(code)
            print(f"updated {tooling.catalog_path(code)}")
    if step in ("compile", "all"):
        for code in codes:
            tooling.compile_catalog(code)
            print(f"compiled {tooling.catalog_path(code, '.mo')}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
