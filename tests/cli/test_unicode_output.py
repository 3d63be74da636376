"""Labels in any script reach a redirected output even when the locale's code page is not UTF-8
(the case of Windows consoles redirected to a file: cp1252)."""

import os
import subprocess
import sys


def test_greek_labels_survive_a_cp1252_output(tmp_path):
    data = tmp_path / "greek.csv"
    rows = [("ναι", "ναι", "όχι"), ("όχι", "όχι", "όχι"), ("ναι", "ναι", "ναι"), ("όχι", "ναι", "όχι")] * 10
    data.write_text("subject,r1,r2,r3\n" + "".join(f"s{i},{a},{b},{c}\n" for i, (a, b, c) in enumerate(rows)),
                    encoding="utf-8")
    env = dict(os.environ, PYTHONIOENCODING="cp1252")
    done = subprocess.run([sys.executable, "-m", "tapdesk", "agreement", str(data)], capture_output=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert "ναι" in done.stdout.decode("utf-8")
    assert b"Traceback" not in done.stderr
