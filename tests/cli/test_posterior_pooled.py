"""``tapdesk posterior --model per-rater --pooled [--rater-attribute COL] [--raters-file FILE]``."""

import json

import numpy as np

from tapdesk.cli.main import main


def write_panel(folder):
    """A long file (subject, rater, rating, age) and a raters file (rater, site): 10 raters,
    each subject rated by 3 of them."""
    rng = np.random.default_rng(8)
    accuracy = np.linspace(0.5, 0.9, 10)
    lines = ["subject,rater,rating,age"]
    for s in range(120):
        truth = rng.random() < 0.4
        for r in rng.choice(10, 3, replace=False):
            said = truth if rng.random() < accuracy[r] else rng.random() < 0.4
            lines.append(f"S{s},J{r},{int(said)},{30 + 4 * r}")
    data = folder / "long.csv"
    data.write_text("\n".join(lines) + "\n")
    raters = folder / "raters.csv"
    raters.write_text("rater,site\n" + "".join(f"J{r},{'AB'[r % 2]}\n" for r in range(10)))
    return data, raters


SMALL = ["--draws", "300", "--warmup", "200", "--seed", "3"]


def test_pooled_json_has_pooling_beside_raters(tmp_path, capsys):
    data, raters = write_panel(tmp_path)
    code = main(["posterior", str(data), "--model", "per-rater", "--pooled", "--rater-attribute",
                 "site", "--raters-file", str(raters), *SMALL, "--json"])
    assert code == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["method"] == "mcmc" and len(payload["raters"]) == 10
    pooling = payload["pooling"]
    assert set(pooling["mu"]) == set(pooling["sigma"]) == {"a", "p"}
    assert [e["level"] for e in pooling["effects"] if e["quantity"] == "a"] == ["B"]
    assert pooling["effects"][0]["reference"] == "A"
    assert {r["id"] for r in pooling["raters"]} == {r["id"] for r in payload["raters"]}
    assert all("a_unpooled" in r for r in pooling["raters"])
    assert "sigma_a" in payload["params"] and "b[site: B]" in payload["params"]


def test_pooled_text_says_the_spread_and_the_shrinkage(tmp_path, capsys):
    data, _ = write_panel(tmp_path)
    assert main(["posterior", str(data), "--model", "per-rater", "--pooled",
                 "--rater-attribute", "age", *SMALL]) == 0
    text = capsys.readouterr().out
    assert "raters' accuracies vary: most (the middle 80%) lie between" in text
    assert "Each increase of 10 in age multiplies the odds of an accurate rating" in text
    assert "Shrunk toward the panel" in text and "own ratings only" in text


def test_pooled_settings_that_cannot_work_exit_2(tmp_path, capsys):
    data, _ = write_panel(tmp_path)
    assert main(["posterior", str(data), "--model", "per-rater", "--rater-attribute", "age",
                 *SMALL]) == 2
    assert "needs --pooled" in capsys.readouterr().err
    assert main(["posterior", str(data), "--model", "tap", "--pooled", *SMALL]) == 2
    assert main(["posterior", str(data), "--model", "per-rater", "--pooled", "--rater-attribute",
                 "height", *SMALL]) == 2
    assert "no rater attribute 'height'" in capsys.readouterr().err


def test_pooled_paragraph_says_how_raters_vary(tmp_path, capsys):
    data, _ = write_panel(tmp_path)
    assert main(["posterior", str(data), "--model", "per-rater", "--pooled", *SMALL,
                 "--paragraph"]) == 0
    assert "Raters' accuracies vary: most (the middle 80%) lie between" in capsys.readouterr().out
