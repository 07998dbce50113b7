import { createContext, useContext } from 'react';
import type { BusCatalog } from '../model/bus-catalog';

/** The base case's buses, once read: bus fields name the bus they point to. */
export const CatalogContext = createContext<BusCatalog | null>(null);

export const useCatalog = () => useContext(CatalogContext);
