"""The numba-version-specific code of the kernels: BLAS dgemv through numba's own bridge to scipy.

numba's ``np.dot`` calls BLAS through C helpers it exports (``numba_xxgemv`` and friends, which load
``dgemv`` from ``scipy.linalg.cython_blas``); :func:`gemv` calls that helper directly, without
``np.dot``'s allocation and checks (~1-2 s of compile time per call site). The helper's name and
signature are internal to numba (written against numba 0.68, the version ``pyproject.toml`` pins):
after a numba upgrade, this module is the one to check (``tests/test_shen_jit.py`` exercises it).
"""

from __future__ import annotations

import scipy.linalg.cython_blas  # noqa: F401  (numba_xxgemv loads dgemv from here)
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def gemv(typingctx, trans, A, nrow, ncol, x, y):
    """``y = A[:nrow, :ncol] x`` (trans 0) or ``A[:nrow, :ncol]^T x`` (trans 1) by BLAS dgemv.

    ``A``: Fortran-ordered float64 with leading dimension ``A.shape[0]`` (the column buffer of the master:
    its first t columns, no view needed); ``x``, ``y``: contiguous float64 (``y`` gets nrow resp. ncol
    entries). Calls ``numba_xxgemv``, the bridge to scipy's ``cython_blas.dgemv`` that numba's own ``np.dot``
    uses (the same BLAS as ``U @ x`` in numpy: bit-identical products), without ``np.dot``'s allocation and
    checks, which cost ~1-2 s of compile time per call site.
    """
    sig = types.int32(trans, A, nrow, ncol, x, y)

    def codegen(context, builder, signature, args):
        trans_v, a, nr, nc, xv, yv = args
        ary = context.make_array(signature.args[1])(context, builder, a)
        xa = context.make_array(signature.args[4])(context, builder, xv)
        ya = context.make_array(signature.args[5])(context, builder, yv)
        ll_char = ir.IntType(8)
        intp = context.get_value_type(types.intp)
        vp = cgutils.voidptr_t
        fnty = ir.FunctionType(ir.IntType(32), [ll_char, ll_char, intp, intp, vp, vp, intp, vp, vp, vp])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "numba_xxgemv")
        alpha = cgutils.alloca_once_value(builder, context.get_constant(types.float64, 1.0))
        beta = cgutils.alloca_once_value(builder, context.get_constant(types.float64, 0.0))
        lda = cgutils.unpack_tuple(builder, ary.shape)[0]
        tv = context.cast(builder, trans_v, signature.args[0], types.intp)
        tchar = builder.select(builder.icmp_signed("!=", tv, ir.Constant(intp, 0)), ir.Constant(ll_char, ord("t")),
                               ir.Constant(ll_char, ord("n")))
        nr_ = context.cast(builder, nr, signature.args[2], types.intp)
        nc_ = context.cast(builder, nc, signature.args[3], types.intp)
        return builder.call(fn, (ir.Constant(ll_char, ord("d")), tchar, nr_, nc_, builder.bitcast(alpha, vp),
                                 builder.bitcast(ary.data, vp), lda, builder.bitcast(xa.data, vp),
                                 builder.bitcast(beta, vp), builder.bitcast(ya.data, vp)))

    return sig, codegen
