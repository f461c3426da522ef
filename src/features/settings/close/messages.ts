// The month close tab's words, in one place.
export const m = {
  monthsTitle: "Meses de negocio",
  monthsHint:
    "Un mes se cierra cuando termina, en la zona horaria de la empresa, y después de cerrar el anterior.",
  loadFailed: "No pudimos cargar los meses.",
  emptyTitle: "Aún no hay meses",
  emptyDescription: "El primer mes aparece con la primera venta aprobada.",
  states: { open: "Abierto", closed: "Cerrado", current: "En curso" },
  jobStates: {
    queued: "Cierre en cola",
    running: "Cerrando…",
    done: "Cerrado",
    failed: "El cierre falló",
  },
  preview: "Vista previa del cierre",
  previewHint:
    "Lo que hará el cierre con los datos de ahora, sin escribir nada.",
  previewFailed: "No pudimos calcular la vista previa.",
  previewEmpty:
    "Cerrar este mes no anula nada, no paga bonos de volumen ni sube niveles.",
  close: "Cerrar mes",
  closing: "Pidiendo el cierre…",
  closeTitle: (month: string) => `¿Cerrar ${month}?`,
  closeDescription: (month: string) =>
    `Se cierra ${month} para siempre: lo de abajo se escribe en el libro, los ingresos pendientes del mes quedan disponibles para pagar y ninguna venta nueva entra en ${month}. El cierre corre en segundo plano y empieza en menos de un minuto.`,
  closeDescriptionNoPreview: "Abre antes la vista previa para ver qué hará.",
  notEnded: (next: string) =>
    `Este mes aún no ha terminado: se puede cerrar desde el 1 de ${next}. La vista previa muestra cómo va.`,
  queued:
    "El cierre está en cola: empieza en menos de un minuto. Puedes dejar esta pestaña; el cierre sigue.",
  running:
    "El cierre está en marcha. Esta pestaña se actualiza sola cuando termine.",
  failed: "El último cierre de este mes falló y no escribió nada:",
  whatItDid: "Lo que hizo el cierre",
  closedOn: (date: string, by: string | null) =>
    by ? `Cerrado el ${date} por ${by}.` : `Cerrado el ${date}.`,
  totals: {
    forfeits: "Anulaciones por inactividad",
    forfeited_amount: "Importe anulado",
    volume_bonuses: "Bonos de volumen",
    volume_bonus_amount: "Importe de bonos de volumen",
    level_ups: "Subidas de nivel",
    members: "Miembros con actividad",
    active: "Miembros activos",
    income_available: "Ingreso que quedó disponible",
  },
  amountsNeedFinance:
    "Los importes del cierre se muestran solo con el permiso de finanzas.",
  actions: {
    forfeit: "Anulación",
    bonus_volume: "Bono de volumen",
    level_up: "Subida de nivel",
  },
  colAction: "Qué",
  colMember: "Miembro",
  colAmount: "Importe",
  colDetail: "Motivo",
  level: (from: number, to: number) => `★${from} → ★${to}`,
  rowsLabel: "Filas por página",
} as const;
