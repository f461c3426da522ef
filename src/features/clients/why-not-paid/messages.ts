export const whyMessages = {
  title: '¿Por qué no cobró?',
  monthLabel: 'Mes',
  answerLabel: 'Respuesta',
  points: 'Puntos personales del mes',
  pointsOf: (threshold: string) => `de ${threshold} para estar activo`,
  active: 'Activo',
  inactive: 'Inactivo',
  thresholdNote: (closed: boolean) =>
    closed ? 'Umbral del plan con que se cerró el mes.' : 'Umbral del plan vigente; el mes se juzga al cerrarse.',
  pointSales: 'Ventas que dieron los puntos',
  noPointSales: 'Ninguna venta le dio puntos este mes.',
  kitOf: (name: string) => `Kit de ${name}`,
  ownPurchase: 'Compra propia',
  sale: (no: number | null) => (no ? `Venta #${no}` : 'Venta'),
  cancelled: 'Cancelada',
  figures: 'Comisiones y bonos del mes',
  earned: 'Generado',
  pending: 'Pendiente',
  available: 'Disponible',
  forfeited: 'Anulado al cierre',
  reversed: 'Revertido por cancelaciones',
  entries: 'Asientos del mes',
  noEntries: 'Sin comisiones ni bonos',
  noEntriesHint: 'Este mes no generó comisiones ni bonos a su favor. Elige otro mes para revisarlo.',
  states: { pendiente: 'Pendiente', disponible: 'Disponible', anulada: 'Anulada al cierre', revertida: 'Revertida' },
  cancelledSale: (no: number | null, when: string, reason: string | null) =>
    `${no ? `Venta #${no}` : 'La venta'} cancelada el ${when}${reason ? `: ${reason}` : ''}.`,
  capped: (shown: number) => `Se muestran los primeros ${shown}. El libro completo está en la pestaña «Movimientos».`,
  notCounted: '(no cuenta)',
  // What each entry paid for, said by the screen from the entry's fields: the engine's stored sentence
  // speaks to the member and writes amounts as plain numbers, and the amount is beside it, formatted.
  purchaseBy: (who: string, sale: string, generation: number | null) =>
    `Compra de ${who} (${sale})${generation === null ? '' : `, ${generation}.ª generación`}`,
  enrolmentOf: (who: string, sale: string) => `Enrolamiento de ${who} (kit de ${sale})`,
  starterFor: (who: string, sale: string) => `Bono de inicio por enrolar a ${who} (${sale})`,
  volumeOf: (month: string) => `Bono de volumen de ${month} por las ventas de su red`,
  someone: 'un miembro',
  saleRef: (no: number | null) => (no ? `venta #${no}` : 'una venta'),
  forfeitAt: (month: string, points: string, threshold: string) =>
    `Anulada al cierre de ${month} (regla: beneficiario inactivo al cierre del mes): terminó el mes con ${points} de ${threshold} puntos personales.`,
} as const;
