"""Classical agreement coefficients (Fleiss, Cohen, Conger, Scott, Krippendorff, Gwet, BP, PABAK).

Use :func:`agreement_coefficients`; it returns a frozen :class:`AgreementResult`.
Never imports Qt.
"""

from tapdesk.engine.coefficients.api import agreement_coefficients, coefficients_for_fit
from tapdesk.engine.coefficients.result import AgreementResult, Coefficient, PairwiseCohen

__all__ = ["AgreementResult", "Coefficient", "PairwiseCohen", "agreement_coefficients",
           "coefficients_for_fit"]
