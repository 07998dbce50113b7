import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * What a screen wants highlighted on the case network (issue #9 item 2): the selected
 * constraint's monitored element with its flow in the shown condition, its contingency element,
 * and the generators with the largest sensitivity. Branches are 1-based as in the contracts.
 */
export type NetworkFocus = {
  monitored: { branch: number; name: string; flowMw: number; limitMw: number };
  contingency: { branch: number; name: string; outOfService: boolean } | null;
  /**
   * Issue #30: a contingency of the planner's set with no branch to draw (several elements, a
   * unit), by its name; absent or null with `contingency` null: the base case (N-0).
   */
  setContingency?: string | null;
  generators: { busNumber: number; name: string; sensitivity: number }[];
};

export type CaseNetworkProps = { caseId: string; focus: NetworkFocus | null };
export type BusbarCapacityMapProps = {
  /** The study shown (`demo` or one of the user's) and its results' version: whose network. */
  study: { studyId: string; version: number | null };
  /** Every loaded busbar result: one per busbar and case (`<escenario>_<año>`). */
  results: { caseName: string; busNumber: number; name: string; capacityMw: number }[];
  /** The case of the selected result card: the map shows that scenario and year first. */
  selectedCaseName: string | null;
};

/**
 * «Capacidad por barra»: the case's network coloured by each bus's capacity (MW). A study's
 * case (/resultados) has no view of its own: the study's network is drawn (its buses are the
 * case's; branches a project adds in that year are not drawn).
 */
export type CaseCapacityMapProps = {
  caseId: string;
  figure: 'attributable' | 'strict';
  study?: { studyId: string; version: number | null };
};

/** One marked bus: its colour, its label beside it (never colour alone) and its tooltip line. */
export type BusMarker = { busNumber: number; color: string; label: string; detail: string };

/**
 * The case's network with some buses marked (a window's requests, coloured by their status):
 * clicking one, or choosing it in the caller's list, selects it. The caller says what the marks
 * mean (legend, list, words), the network feature draws them.
 */
/** The network a map draws: an analysed case's, or a study's (its base network). */
export type MapNetwork = { caseId: string } | { studyId: string; version: number };

export type CaseBusMarkersMapProps = {
  network: MapNetwork;
  markers: readonly BusMarker[];
  selectedBus: number | null;
  onSelectBus: (busNumber: number) => void;
  /** The tooltip's label of a marker's detail line. */
  detailLabel: string;
  /** The bus search's landmark name (a page's landmarks must differ). */
  searchName: string;
  /** Under the drawing, shown without WebGL too: the legend and the markers as a list. */
  children: ReactNode;
};

/**
 * Features do not import each other (eslint zones): the app shell puts the network feature's
 * lazily loaded components here, and /analisis, /resultados and /ventanas render whatever is provided.
 */
export type NetworkSlots = {
  CaseNetwork: ComponentType<CaseNetworkProps> | null;
  BusbarCapacityMap: ComponentType<BusbarCapacityMapProps> | null;
  CaseCapacityMap: ComponentType<CaseCapacityMapProps> | null;
  CaseBusMarkersMap: ComponentType<CaseBusMarkersMapProps> | null;
};

export const NetworkSlotContext = createContext<NetworkSlots>({
  CaseNetwork: null,
  BusbarCapacityMap: null,
  CaseCapacityMap: null,
  CaseBusMarkersMap: null,
});

export function useNetworkSlots(): NetworkSlots {
  return useContext(NetworkSlotContext);
}
