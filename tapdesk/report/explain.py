"""Fixed report text: warnings explained, the method note and the references.

Warnings arrive as :class:`~tapdesk.engine.results.Notice` objects with a
stable ``code``; each known code family gets a plain-words explanation of
the idea behind it (kappa paradox, boundary, identifiability,
multimodality, convergence). Unknown codes are printed as they come.
"""

from __future__ import annotations

from tapdesk.i18n import N_, _
from tapdesk.report.document import Reference

# code -> (heading, explanation of the idea behind the warning); translated by explanation()
# Translators: a warning's heading and the idea behind it, in the report's section "Warnings".
EXPLANATIONS: dict[str, tuple[str, str]] = {
    "rare-class": (
        N_("Kappa paradox (a rare class)"),
        N_("When almost every subject is in one class, raters agree most of the time just by "
        "saying the common class, so raw agreement is high while kappa-type coefficients can be "
        "low. Accuracy then rests on the few subjects of the rare class, so its interval is wide. "
        "Report the class shares with the accuracy, and prefer the model's accuracy to a single "
        "kappa.")),
    "kappa-paradox": (
        N_("Kappa paradox"),
        N_("High raw agreement can come with a low kappa when the classes are unbalanced: chance "
        "agreement is then large, and kappa measures agreement beyond it. The t-a-p parameters "
        "separate accuracy (a) from the class share (t), which kappa mixes together.")),
    "boundary": (
        N_("Estimates on the edge of their range"),
        N_("A probability estimated as exactly 0 or 1 sits on the boundary of what it can be. The "
        "usual standard error does not apply there, so the interval comes from the profile "
        "likelihood instead. A boundary estimate often means few subjects carry the information "
        "about that parameter.")),
    "not-identified": (
        N_("Identifiability"),
        N_("Some quantities cannot be pinned down by these data: several values fit equally well. "
        "Such values are marked 'not identified' and should not be interpreted.")),
    "identifiability": (
        N_("Identifiability"),
        N_("Some quantities cannot be pinned down by these data: several values fit equally well. "
        "Such values are marked 'not identified' and should not be interpreted.")),
    "multimodal": (
        N_("Several good fits (multimodality)"),
        N_("The likelihood or posterior has more than one peak, so different parameter values "
        "explain the ratings almost equally well. The reported fit is the best one found; read "
        "the alternatives before drawing conclusions.")),
    "relabelled": (
        N_("Class labels swapped"),
        N_("Latent-class models cannot tell which hidden class is which by themselves; TapDesk "
        "labels them so that raters agree with the truth more often than not (accuracy >= 0).")),
    "chains-disagree": (
        N_("Bayesian simulation did not settle"),
        N_("The simulation runs several independent chains; when they end in different places the "
        "draws do not yet describe the posterior, and the numbers from them should not be used. "
        "Run longer chains, or use the exact method where the model offers it.")),
    "class-swap": (
        N_("Two readings of the classes"),
        N_("The ratings fit equally well with the two classes swapped; which reading is right "
        "depends on prior knowledge, not on these data.")),
    "label-switching": (
        N_("Class labels may be swapped"),
        N_("Latent-class models cannot tell by themselves which hidden class is which; read the "
        "error tables with the category names in mind.")),
    "weak-separation": (
        N_("Classes barely told apart"),
        N_("When the chance of a Class 1 rating hardly depends on the true class, the ratings carry "
        "little information about the truth, and every estimate built on it is uncertain.")),
    "rater-flag": (
        N_("Raters who stand out"),
        N_("A flagged rater's ratings depart from what the other raters' ratings suggest. This is a "
        "reason to look at the rater's work, not a verdict on it.")),
    "no-standard-error": (
        N_("Intervals without a standard error"),
        N_("Where the likelihood is not bell-shaped a standard error would overstate the precision, "
        "so only the interval (from the profile likelihood) is given.")),
    "few-raters": (
        N_("Few raters"),
        N_("Some models need a minimum number of raters to separate rater errors from the truth.")),
    "unused-category": (
        N_("Categories nobody used"),
        N_("A category of the scale that no rater used carries no information; estimates for it "
        "sit on the edge of their range.")),
    "cancelled": (
        N_("Analysis stopped early"),
        N_("The analysis was stopped before the end, so its numbers are incomplete.")),
    "not-converged": (
        N_("Convergence"),
        N_("The fitting algorithm stopped at its iteration limit before settling in some starts. "
        "The reported values are the best found, but check the convergence plot and consider "
        "more iterations.")),
}


def explanation(code: str) -> tuple[str, str]:
    """(heading, explanation) for a notice code; prefix matches (``boundary-t``) count."""
    if code in EXPLANATIONS:
        return _shown(EXPLANATIONS[code])
    for known, value in EXPLANATIONS.items():
        if code.startswith(known) or known in code:
            return _shown(value)
    return (code.replace("-", " ").capitalize(), "")


def _shown(pair: tuple[str, str]) -> tuple[str, str]:
    return _(pair[0]), _(pair[1])


# Translators: the first paragraph of the method notes (the model in a few sentences).
METHOD_NOTE = N_(
    "The t-a-p model (Eubanks) treats each rating as either accurate or a guess. Each subject "
    "truly belongs to Class 1 with probability t. A rater classifies it accurately with "
    "probability a; otherwise the rater guesses and says Class 1 with probability p. So "
    "Pr(rating = Class 1 | truly Class 1) = a + (1 - a)p and Pr(rating = Class 1 | truly "
    "Class 0) = (1 - a)p. The parameters are estimated from how the ratings of each subject "
    "agree. Variants let accuracy or guessing differ by class, by rater or by subject, and "
    "ordered scales are handled through cut points. When t = p (raters guess in proportion "
    "to the true shares), Fleiss' kappa equals a squared, which links the model to the "
    "classical coefficients (Cohen 1960; Fleiss 1971; Krippendorff 2004; Gwet 2008). The "
    "Dawid-Skene model (1979) is the general latent-class model with a full error matrix per "
    "rater; MACE (Hovy et al. 2013) is the per-rater t-a-p model with the categories held "
    "equally common.")

REFERENCES: tuple[Reference, ...] = (
    Reference("eubanks-zoo", "Eubanks, D. A. Kappa Zoo: rater agreement and the t-a-p model "
              "(online book; chapters 'The t-a-p Model' and on the kappa paradox). kappazoo.com."),
    Reference("eubanks-tapmodel", "Eubanks, D. A. tapModel: estimating t-a-p rater agreement "
              "models (R package), described in the Kappa Zoo."),
    Reference("cohen1960", "Cohen, J. (1960). A coefficient of agreement for nominal scales. "
              "Educational and Psychological Measurement, 20(1), 37-46."),
    Reference("fleiss1971", "Fleiss, J. L. (1971). Measuring nominal scale agreement among many "
              "raters. Psychological Bulletin, 76(5), 378-382."),
    Reference("krippendorff2004", "Krippendorff, K. (2004). Content Analysis: An Introduction to "
              "Its Methodology (2nd ed.). Thousand Oaks, CA: Sage."),
    Reference("gwet2008", "Gwet, K. L. (2008). Computing inter-rater reliability and its variance "
              "in the presence of high agreement. British Journal of Mathematical and "
              "Statistical Psychology, 61(1), 29-48."),
    Reference("landiskoch1977", "Landis, J. R., & Koch, G. G. (1977). The measurement of observer "
              "agreement for categorical data. Biometrics, 33(1), 159-174."),
    Reference("dawidskene1979", "Dawid, A. P., & Skene, A. M. (1979). Maximum likelihood "
              "estimation of observer error-rates using the EM algorithm. Journal of the Royal "
              "Statistical Society, Series C (Applied Statistics), 28(1), 20-28."),
    Reference("hovy2013", "Hovy, D., Berg-Kirkpatrick, T., Vaswani, A., & Hovy, E. (2013). "
              "Learning whom to trust with MACE. Proceedings of NAACL-HLT 2013, 1120-1130."),
    Reference("byrt1993", "Byrt, T., Bishop, J., & Carlin, J. B. (1993). Bias, prevalence and "
              "kappa. Journal of Clinical Epidemiology, 46(5), 423-429."),
    Reference("donnereliasziw1992", "Donner, A., & Eliasziw, M. (1992). A goodness-of-fit "
              "approach to inference procedures for the kappa statistic: confidence interval "
              "construction, significance-testing and sample size estimation. Statistics in "
              "Medicine, 11(11), 1511-1519."),
    Reference("kappasize", "Rotondi, M. A. kappaSize: sample size estimation functions for "
              "studies of interobserver agreement (R package)."),
)
