"""Write the import corpus and its truth.json to a folder: python -m tests.import_corpus OUT"""

import sys
from pathlib import Path

from tests.import_corpus import build_corpus, save_truth

if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "import_corpus_out")
    cases = build_corpus(out)
    save_truth(cases, out)
    print(f"wrote {len(cases)} files and truth.json to {out}")
