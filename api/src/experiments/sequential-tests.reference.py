# The reference values of sequential-tests.spec.ts and guard.spec.ts, computed apart from the TypeScript code:
# mpmath (1.3) at 50 digits for the values, SciPy (1.17, double precision) as a second opinion.
#   python3 api/src/experiments/sequential-tests.reference.py
import mpmath as mp
import numpy as np
from scipy.special import betainc, betaln

mp.mp.dps = 50


def log_evidence(share, k, m, c, side):
    """log of the Beta(c s, c (1 - s)) mixture of likelihood ratios of k candidate and m live visitors against s,
    for 'harm' the prior kept above s (the truncated Beta's normalising constant cancels out)."""
    s = mp.mpf(share)
    a, b = c * s, c * (1 - s)
    lbeta = lambda x, y: mp.loggamma(x) + mp.loggamma(y) - mp.loggamma(x + y)
    e = lbeta(a + k, b + m) - lbeta(a, b) - k * mp.log(s) - m * mp.log(1 - s)
    if side == 'harm':
        e += mp.log(mp.betainc(a + k, b + m, s, 1, regularized=True)) - mp.log(mp.betainc(a, b, s, 1, regularized=True))
    return e


def scipy_log_evidence(share, k, m, c, side):
    a, b = c * share, c * (1 - share)
    e = betaln(a + k, b + m) - betaln(a, b) - k * np.log(share) - m * np.log1p(-share)
    if side == 'harm':
        e += np.log(betainc(b + m, a + k, 1 - share)) - np.log(betainc(b, a, 1 - share))
    return e


cases = [(0.5, 8, 0, 10, 'harm'), (0.5, 30, 10, 10, 'harm'), (0.1, 3, 20, 10, 'harm'), (0.1, 0, 40, 10, 'harm'),
         (0.01, 2, 5, 10, 'harm'), (0.5, 400, 330, 50, 'harm'), (0.3, 1, 0, 10, 'harm'), (0.25, 100, 900, 50, 'harm'),
         (0.5, 2000, 2100, 50, 'harm'), (0.5, 31, 69, 100, 'both'), (0.5, 500, 500, 100, 'both'),
         (0.2, 10, 90, 100, 'both'), (0.5, 120, 80, 100, 'both')]
print('log e-values (share, candidate, live, c, side, mpmath, scipy)')
for case in cases:
    print(*case, mp.nstr(log_evidence(*case), 17), repr(float(scipy_log_evidence(*case))))

print('log Gamma(x) (mpmath, scipy)')
for x in [0.05, 0.5, 1, 2.5, 10, 100.3, 5000.7, 123456.5]:
    print(x, mp.nstr(mp.loggamma(x), 17), repr(float(__import__('scipy.special', fromlist=['gammaln']).gammaln(x))))

print('log I_x(a, b)')
for x, a, b in [(0.3, 2, 5), (0.5, 0.5, 4.5), (0.9, 50, 5), (0.1, 50, 50)]:
    print(x, a, b, mp.nstr(mp.log(mp.betainc(a, b, 0, x, regularized=True)), 17), repr(float(np.log(betainc(a, b, x)))))

print('the guard: candidate visitors, all with an error and none on live, before the errors guardrail stops (c = 5)')
for share in [0.5, 0.1, 0.01]:
    k = 0
    while log_evidence(share, k, 0, 5, 'harm') < mp.log(1 / mp.mpf('0.03')):
        k += 1
    print(share, k, mp.nstr(mp.e ** log_evidence(share, k, 0, 5, 'harm'), 10))

print('sample ratio mismatch e-values at a 50 % share (c = 100; reported from 1000)')
for k, m in [(62, 138), (31, 69)]:
    print(k, m, mp.nstr(mp.e ** log_evidence(0.5, k, m, 100, 'both'), 10))
