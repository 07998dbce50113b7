/** The few network-view words the shared bundle needs (the rest load with the view, es-network). */
export const esNetworkSlot = {
  showCapacityMap: 'Mostrar el mapa de capacidad de conexión (MW)',
  showCapacityMapHint:
    'Dibuja la red del estudio con las barras evaluadas coloreadas por su capacidad.',
} as const;
