/** Words the screen and the downloaded files both use, so the two always say the same. */
export const sharedWords = {
  /** Spec §3: the contingency of a constraint without one (the base case, N-0). */
  fullNetwork: 'SOBRECARGA RED COMPLETA',
  /**
   * Issue #31: what sets a bus's capacity verified in AC, in UPME's words (api/busbar-capacities.ts
   * acLimitingVariables).
   */
  acVariables: {
    thermal: 'térmica',
    voltage: 'tensión',
    'reactive-power': 'potencia reactiva',
    'non-convergence': 'no convergencia',
  },
  /** Issue #31: a study busbar's figure set by the weak grid (its N-1 minimum Scc / SCR_min). */
  weakGrid: 'cortocircuito (red débil)',
} as const;
