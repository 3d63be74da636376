"""TapDesk: rater-agreement analysis with the t-a-p model family."""

import os

# One BLAS thread for the whole process, set before numpy loads. TapDesk's
# linear algebra works on tiny matrices (L-BFGS-B on 3-vectors, Hessians of a
# few dozen parameters), where OpenBLAS's thread pool costs far more than the
# arithmetic: on a busy 2-core machine a 40-resample bootstrap took 11 s with
# the pool and 1.5 s without. The heavy work is elementwise numpy and
# bincount, which BLAS threads do not speed up. A user's explicit setting wins.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

__version__ = "1.1.0.dev0"
