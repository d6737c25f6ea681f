/** Rounding as the platform's published models round: every family's figures to a given number of decimals. */

/** `n` to `digits` decimals with `Math.round` (a half goes towards +∞). */
export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
