import {
  branchDisplayName,
  busIndex,
  busLabel,
  screenContingencySet,
  type Contingency,
  type MonitoredDefinition,
  type Network,
  type SetLoading,
} from '@holgura/engine';
import {
  CONTINGENCY_SET_TOP,
  contingencySetWords,
  type ContingencySetLoading,
  type ContingencySetN1,
} from '@holgura/contracts';

/** «Contingencia 12: A – B ckt 1 + unidad 40 en BUS (1001, 230 kV)»: how tables name one. */
export function setContingencyName(net: Network, c: Contingency): string {
  const elements = [
    ...c.branches.map((k) => branchDisplayName(net, k)),
    ...c.generators.map((g) =>
      contingencySetWords.unit(g + 1, busLabel(net, busIndex(net.generators.bus[g]!))),
    ),
  ];
  return contingencySetWords.named(c.label, elements.join(contingencySetWords.join));
}

/**
 * The case's N-1 screening on a planner's set (issue #30), as the set's summary carries it: the
 * same defaults as the case's own N-1 (post-contingency rating, distributed slack), a lost unit's
 * output made up by the others' room up as the busbar capacities on the set assume; with a .mon,
 * only its branches watched, and its interfaces.
 */
export function screenSetForSummary(
  net: Network,
  contingencies: readonly Contingency[],
  monitored?: MonitoredDefinition,
): ContingencySetN1 {
  const r = screenContingencySet(net, contingencies, {
    top: CONTINGENCY_SET_TOP,
    pickup: 'headroom',
    ...(monitored === undefined
      ? {}
      : { monitored: monitored.branches, interfaces: monitored.interfaces }),
  });
  const loading = (e: SetLoading): ContingencySetLoading => {
    const c = e.contingency < 0 ? null : contingencies[e.contingency]!;
    return {
      monitoredBranch: e.monitored + 1,
      monitoredName: branchDisplayName(net, e.monitored),
      contingencyLabel: c === null ? null : c.label,
      contingencyName: c === null ? null : setContingencyName(net, c),
      flowMw: e.flowMw,
      limitMva: e.limitMva,
      loadingPercent: e.loading * 100,
    };
  };
  const top = [...r.baseCaseTop, ...r.top]
    .sort(
      (a, b) => b.loading - a.loading || a.contingency - b.contingency || a.monitored - b.monitored,
    )
    .slice(0, CONTINGENCY_SET_TOP)
    .map(loading);
  const islanding = [...r.islanding]
    .sort((a, b) => b.disconnectedMw - a.disconnectedMw || a.contingency - b.contingency)
    .slice(0, CONTINGENCY_SET_TOP)
    .map((i) => {
      const c = contingencies[i.contingency]!;
      return {
        contingencyLabel: c.label,
        contingencyName: setContingencyName(net, c),
        buses: i.buses,
        disconnectedMw: i.disconnectedMw,
      };
    });
  return {
    evaluated: r.evaluated,
    islandingCount: r.islanding.length,
    islanding,
    skipped: r.skipped.length,
    pickupShort: r.pickupShort.length,
    monitored: r.nMonitored,
    baseCaseOverloads: r.baseCaseOverloads,
    overloadedPairs: r.overloadedPairs,
    top,
    interfaces: r.interfaces.map((i) => {
      const worst = i.worst === null ? null : contingencies[i.worst.contingency]!;
      return {
        name: i.name,
        limitMw: i.limitMw,
        baseFlowMw: i.baseFlowMw,
        worst:
          worst === null
            ? null
            : {
                contingencyLabel: worst.label,
                contingencyName: setContingencyName(net, worst),
                flowMw: i.worst!.flowMw,
              },
        overloads: i.overloads,
      };
    }),
  };
}
