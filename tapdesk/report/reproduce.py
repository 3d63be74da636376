"""The ``tapdesk report`` command line that reproduces a report's analyses.

One command reproduces every analysis when they share their settings (the
Class-1 choice, method, seed ...), as a report made by the CLI always does.
A report assembled in the app from fits with different settings gets one
command per group of analyses that share them.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Any

from tapdesk.engine.analyses import COEFFICIENTS_MODEL, ORDINAL_MODEL
from tapdesk.engine.results import FitResult
from tapdesk.i18n import SOURCE, current_language

FLAG_FOR = {COEFFICIENTS_MODEL: "--coefficients", ORDINAL_MODEL: "--ordinal"}
ORDER = ["--ordinal", "--coefficients"]
"""The order in which ``tapdesk report`` adds these analyses after the models."""


def _labels(result: FitResult) -> str:
    pairs = [f"{code}={label}" for code, label in zip(result.categories, result.category_labels)
             if label]
    return ",".join(pairs)


def _settings(result: FitResult) -> tuple:
    """What must be equal for two analyses to come from one command."""
    req = result.request
    binary = result.model not in FLAG_FOR
    return (result.provenance.file_name, result.provenance.import_flags, _labels(result),
            req.cut if binary else None, tuple(req.class1 or ()) if binary else (),
            req.method if binary else None, req.chains, req.draws, req.warmup,
            req.bootstrap, req.seed, req.n_starts, tuple(explain_words(req)) if binary else ())


def explain_words(req) -> list[str]:
    """The options of an explanatory or pooled fit (issue 42), as ``tapdesk report`` takes them."""
    words: list[str] = []
    if getattr(req, "subject_group", None):
        words += ["--subject-group", req.subject_group]
        if getattr(req, "subject_bands", 0):
            words += ["--subject-bands", str(req.subject_bands)]
    for col in getattr(req, "rater_attributes", ()):
        words += ["--rater-attribute", col]
    if getattr(req, "guess_by_attributes", False):
        words.append("--guess-by-attributes")
    for col, low, high in getattr(req, "effect_at", ()):
        words += ["--effect-at", f"{col}={low:g},{high:g}"]
    if getattr(req, "pooled", False):
        words.append("--pooled")
    return words


def _command(results: Sequence[FitResult], out: str, title: str, author: str, note: str,
             signers: Sequence[str], sign_on_page_one: bool = False) -> str:
    first = next((r for r in results if r.model not in FLAG_FOR), results[0])
    req = first.request
    words = ["tapdesk", "report", first.provenance.file_name or "DATA",
             *first.provenance.import_flags]         # the file read as the user told it to
    if current_language() != SOURCE:     # the report's own language, whatever the reader's LANG
        words += ["--language", current_language()]
    labels = _labels(first)
    if labels:
        words += ["--labels", labels]
    flags = []
    for result in results:
        if result.model in FLAG_FOR:
            flags.append(FLAG_FOR[result.model])
        else:
            words += ["--model", result.model]
    words += sorted(set(flags), key=ORDER.index)
    if first.model not in FLAG_FOR:
        if req.cut is not None:
            words += ["--cut", req.cut]
        for label in req.class1 or ():
            words += ["--class1", label]
        if req.method != "mle":
            words += ["--method", req.method]
            if req.method == "mcmc":
                words += ["--chains", str(req.chains), "--draws", str(req.draws),
                          "--warmup", str(req.warmup)]
        words += explain_words(req)
    if req.bootstrap:
        words += ["--bootstrap", str(req.bootstrap)]
    words += ["--seed", str(req.seed), "--starts", str(req.n_starts)]
    for flag, value in (("--title", title), ("--author", author), ("--note", note)):
        if value:
            words += [flag, value]
    for signer in signers:
        words += ["--sign", signer]
    if signers and sign_on_page_one:
        words.append("--sign-on-page-one")
    return shlex.join(words + ["--out", out])


def reproduce_commands(results: FitResult | Sequence[FitResult], out: str = "report.pdf", *,
                       title: str = "", author: str = "", note: str = "",
                       signers: Sequence[str] = (),
                       sign_on_page_one: bool = False) -> tuple[str, ...]:
    """Commands that refit ``results`` the same way: one per group of shared settings, in the
    language the report is being written in (``--language`` unless English)."""
    results = [results] if isinstance(results, FitResult) else list(results)
    groups: dict[tuple, list[FitResult]] = {}
    for result in results:
        groups.setdefault(_settings(result), []).append(result)
    if len(groups) > 1:        # analyses without a Class-1 choice join the first group
        loose = [k for k, rs in groups.items() if all(r.model in FLAG_FOR for r in rs)]
        keys = [k for k in groups if k not in loose]
        if keys:
            for key in loose:
                groups[keys[0]] += groups.pop(key)
    return tuple(_command(group, out, title, author, note, signers, sign_on_page_one)
                 for group in groups.values())


def reproduce_command(result: FitResult | Sequence[FitResult], out: str = "report.pdf",
                      **options: Any) -> str:
    """The first (usually only) command of :func:`reproduce_commands`."""
    return reproduce_commands(result, out, **options)[0]


def plan_command(plan) -> str:
    """The ``tapdesk plan`` command that reproduces a report's study plan (a PlanResult, or a
    TargetResult for a plan by target) from its own request: the assumed t, a, p written in
    full, so a plan made in the app from typed-in values or a fit's estimates comes out the same."""
    req = plan.request
    words = ["tapdesk", "plan", "--t", repr(req.t), "--a", repr(req.a), "--p", repr(req.p),
             "--raters", ",".join(map(str, req.raters)),
             "--subjects", ",".join(map(str, req.subjects)),
             "--sims", str(req.sims), "--seed", str(req.seed), "--level", repr(req.level)]
    if req.versus is not None:
        words += ["--versus", repr(req.versus)]
    words += need_words(plan)
    target = getattr(plan, "target", None)
    if target is not None and target.kind == "width":
        words += ["--target-width", repr(target.value), "--for", target.parameter]
    elif target is not None:
        words += ["--target-power", repr(target.value)]
    return shlex.join(words)


def need_words(plan) -> list[str]:
    """``--need`` and ``--subject-cost`` options for what the user asked of a plan (its first
    need, which the answer sentence is about, and every need or cost not at its default)."""
    from tapdesk.engine.planning.advice import default_needs
    needs = getattr(plan, "needs", ())
    defaults = default_needs(plan.request.versus)
    words: list[str] = []
    for number, need in enumerate(needs):
        if need not in defaults or (number == 0 and need != defaults[0]):
            words += ["--need", f"{need.key}={need.target!r}"]
    subject = getattr(getattr(plan, "costs", None), "subject", 0.0)
    return words + (["--subject-cost", repr(subject)] if subject else [])
