"""Is a pooled run the app calls trustworthy calibrated? (issue 55 item 4)

Simulation-based calibration (Talts et al. 2018) of the pooled per-rater sampler run as the
app runs it (:func:`tapdesk.engine.bayes.pooled_methods.fit_pooled_mcmc`: stratified starts,
draws extended until they are good enough, the app's trustworthy verdict), at short settings as
well as at the default: data sets drawn from the pooled model's prior (60 subjects, each rated
by 3 of 8 raters, as ``bench_pooled.py``), the rank of each true value among L = 99 thinned
draws of the runs the verdict calls trustworthy, a chi-square test on 10 bins for each
quantity, and how many runs were called trustworthy.

Run: ``.venv/bin/python benchmarks/bench_pooled_verdict.py [N] [CHAINSxWARMUPxDRAWS ...]``
(default 200 data sets at 2x500x500 and 4x300x500). Progress is written after every data set
to ``out/bench_pooled_verdict_SETTING.json``, so the counts reached stand if a run is stopped. Prints
the figures and replaces the section "## Pooled sampler: trustworthy and calibrated (issue 55)"
of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np
from bench_pooled import SBC_NAMES, prior_panel, run
from sbc_check import L_DRAWS, rank_rows

from tapdesk.engine.bayes.diagnostics import RHAT_OK, diagnose, verdict
from tapdesk.engine.bayes.gibbs_methods import _stratified
from tapdesk.engine.bayes.pooled import PooledLayout, pooled_gibbs
from tapdesk.engine.bayes.pooled_methods import MIN_CHAINS, MIN_WARMUP, SPREADS, parameter_names
from tapdesk.engine.request import Prior

SECTION = "## Pooled sampler: trustworthy and calibrated (issue 55)"
OUT = Path(__file__).resolve().parent.parent / "out"
SEED = 5500
"""Every setting samples the same data sets (paired)."""


def progress_file(key: str) -> Path:
    return OUT / f"bench_pooled_verdict_{key}.json"
N_SUBJECTS, N_RATERS, PER_SUBJECT = 60, 8, 3


def one_run(master: np.random.Generator, chains: int, warmup: int, draws: int
            ) -> tuple[bool, np.ndarray, int, list[float], str]:
    """(called trustworthy by the general verdict, as before issue 55; ranks of SBC_NAMES'
    truths; draws per chain kept; the spreads' R-hat, bulk and tail ESS; the quantity that
    held the verdict back, or "" where it was trusted) for one data set."""
    panel, attributes = prior_panel(master, N_SUBJECTS, N_RATERS, PER_SUBJECT)
    rng = np.random.default_rng(int(master.integers(2 ** 31)))
    start = _stratified(rng, chains, 1 + 2 * N_RATERS)
    out = run(pooled_gibbs(panel.data, attributes, Prior("t"), start, warmup, draws, rng,
                           lambda: False))
    layout = PooledLayout(N_RATERS, 0)
    a_at, p_at = layout.family("a"), layout.family("p")
    columns = [0, a_at, a_at + 1, p_at, p_at + 1, 1, 1 + N_RATERS]
    names = parameter_names(tuple(f"R{k + 1}" for k in range(N_RATERS)), attributes)
    diagnostics = {name: diagnose(out.values[:, :, k]) for k, name in enumerate(names)}
    trusted = verdict(diagnostics, chains, out.values.shape[1]).trustworthy   # as before issue 55
    flat = out.values.reshape(-1, out.values.shape[2])
    keep = flat[np.linspace(0, len(flat) - 1, L_DRAWS).round().astype(int)][:, columns]
    sds = [v for name in SPREADS for d in [diagnostics[name]]
           for v in (d.rhat, d.ess_bulk, d.ess_tail)]
    return (trusted, (keep < panel.truth).sum(axis=0), out.values.shape[1], sds,
            "" if trusted else binding(diagnostics))


def binding(diagnostics: dict) -> str:
    """The quantity the verdict names: the worst chain disagreement where it is out of
    bounds, else the fewest independent draws."""
    rhats = {n: d.rhat for n, d in diagnostics.items() if np.isfinite(d.rhat)}
    worst = max(rhats, key=rhats.__getitem__)
    if rhats[worst] > RHAT_OK:
        return worst
    return min(diagnostics, key=lambda n: min(diagnostics[n].ess_bulk, diagnostics[n].ess_tail))


def study(n: int, chains: int, warmup: int, draws: int, shard: int = 0) -> dict:
    """Runs data sets of one setting until ``n`` are done; ``shard`` k > 0 draws its own data
    sets (seed SEED + k) into its own file, so two processes can share a setting."""
    master = np.random.default_rng(SEED + shard)
    key = f"{chains}x{warmup}x{draws}" + (f"_s{shard}" if shard else "")
    path = progress_file(key)
    state = json.loads(path.read_text(encoding="utf-8")) if path.exists() else \
        {"trusted": [], "ranks": [], "kept": [], "sds": [], "binding": [], "seconds": 0.0}
    for _ in range(len(state["trusted"])):       # resume: the same data sets in the same order
        prior_panel(master, N_SUBJECTS, N_RATERS, PER_SUBJECT)
        master.integers(2 ** 31)
    while len(state["trusted"]) < n:
        begin = time.process_time()
        trusted, ranks, kept, sds, held = one_run(master, chains, warmup, draws)
        state["binding"].append(held)
        state["sds"].append([float(v) for v in sds])
        state["trusted"].append(bool(trusted))
        state["ranks"].append([int(r) for r in ranks])
        state["kept"].append(int(kept))
        state["seconds"] += time.process_time() - begin
        part = path.with_suffix(".part")          # a stopped run leaves the last whole file
        part.write_text(json.dumps(state), encoding="utf-8")
        part.replace(path)
    return state


def merged(key: str) -> dict:
    """The progress of a setting over all its shards."""
    states = [json.loads(path.read_text(encoding="utf-8"))
              for path in sorted(OUT.glob(f"bench_pooled_verdict_{key}*.json"))]
    return {name: (sum(s[name] for s in states) if name == "seconds"
                   else [v for s in states for v in s[name]]) for name in states[0]}


def table(key: str, state: dict) -> list[str]:
    """The setting's counts, what held runs back, and the ranks of the runs the app calls
    trustworthy (those the general rule alone would trust where the app refuses the setting)."""
    general = np.array(state["trusted"], bool)
    ranks = np.array(state["ranks"], int).reshape(-1, len(SBC_NAMES))
    n = len(general)
    chains, warmup, draws = (int(v) for v in key.split("x"))
    allowed = chains >= MIN_CHAINS and warmup >= MIN_WARMUP
    now = general if allowed else np.zeros(n, bool)
    refused = "" if allowed else (f" (the general rule alone would trust {int(general.sum())}; "
                                  f"the app refuses {chains} chains x {warmup} warm-up)")
    lines = [f"### {chains} chains, {warmup} warm-up, {draws} draws asked for", "",
             f"{n} data sets. Called trustworthy by the app: {int(now.sum())}{refused}; draws "
             f"kept per chain: median {int(np.median(state['kept']))}, at most "
             f"{max(state['kept'])}; {state['seconds']:.0f} s of CPU.", "",
             f"Held back by (the quantity the general rule names): {held_back(state)}.", ""]
    for label, chosen in ((f"all {n} runs", np.ones(n, bool)),
                          (f"the {int(general.sum())} runs "
                           f"{'called trustworthy' if allowed else 'the general rule trusts'}",
                           general)):
        if chosen.sum() < 20:
            lines += [f"Ranks of {label}: too few for a calibration check.", ""]
            continue
        rows, _ = rank_rows(SBC_NAMES, ranks[chosen])
        lines += [f"Ranks of {label}:", "", "| quantity | chi-square p-value | rank counts per "
                  "bin | verdict |", "|---|---|---|---|", *rows, ""]
    return lines


def held_back(state: dict) -> str:
    """How many runs each quantity held back, raters' a and p counted together."""
    names = [("a rater's a or p" if name[:2] in ("a[", "p[") else name)
             for name in state["binding"] if name]
    counts = sorted(((names.count(v), v) for v in set(names)), reverse=True)
    return ", ".join(f"{name} {count}" for count, name in counts) or "none"


def main() -> int:
    from results_file import write_section  # benchmarks/ is on sys.path when run as a script
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    settings = sys.argv[2:] or ["2x500x500", "4x300x500"]
    OUT.mkdir(exist_ok=True)
    lines = [SECTION, "",
             "`benchmarks/bench_pooled_verdict.py`: data sets drawn from the pooled model's prior "
             f"({N_SUBJECTS} subjects, each rated by {PER_SUBJECT} of {N_RATERS} raters), each "
             "sampled as the app samples it (stratified starts, draws extended until good "
             "enough) and judged by the app's verdict; ranks of the true values among "
             f"{L_DRAWS} thinned draws, chi-square on 10 bins. The app calls a pooled run "
             f"trustworthy only with at least {MIN_CHAINS} chains and {MIN_WARMUP} warm-up "
             "iterations (and every quantity's chain disagreement and independent draws in "
             f"bounds): {MIN_CHAINS} x {MIN_WARMUP} with 500 draws asked for is the shortest "
             "setting it can trust; 2 chains is the audit's setting, which it no longer trusts. "
             "Every setting samples the same data sets (shard k of a setting, run by a second "
             "process, its own data sets from seed SEED + k). The sampler is the one after issue "
             "55's fix of its non-centred step and with four joint moves a sweep (the figures of "
             "the sampler before are in git history: 33 of 150 runs trusted at 4 x 500 x 500, "
             "sigma_p's ranks among them p = 0.009).", ""]
    for setting in settings:                     # "4x500x500", or "4x500x500/1" for shard 1
        key, _, shard = setting.partition("/")
        chains, warmup, draws = (int(v) for v in key.split("x"))
        study(n, chains, warmup, draws, int(shard or 0))
    for key in dict.fromkeys(setting.partition("/")[0] for setting in settings):
        lines += table(key, merged(key))
    write_section(SECTION, "\n".join(lines))
    print(*lines, sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
