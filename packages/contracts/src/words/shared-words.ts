/** Words the screen and the downloaded files both use, so the two always say the same. */
export const sharedWords = {
  /** Spec §3: the contingency of a constraint without one (the base case, N-0). */
  fullNetwork: 'SOBRECARGA RED COMPLETA',
} as const;
