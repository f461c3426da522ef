// What Pagos says. The action labels («Aprobar», «Marcar pagado», «Rechazar», «Exportar archivo de
// pago», «Exportar CSV») are binding (SCREENS.md §2).
import type { PayoutStatus } from '@/lib/data/domain';

export const m = {
  listLabel: 'Solicitudes de retiro',
  statesNav: 'Solicitudes por estado',
  loadFailed: 'No pudimos cargar las solicitudes de retiro.',
  totalsFailed: 'No pudimos cargar los totales.',
  approve: 'Aprobar',
  approving: 'Aprobando…',
  pay: 'Marcar pagado',
  paying: 'Registrando…',
  reject: 'Rechazar',
  rejecting: 'Rechazando…',
  payMany: 'Marcar pagados',
  payManyList: 'Solicitudes aprobadas de esta página',
  exportCsv: 'Exportar CSV',
  exportPaymentFile: 'Exportar archivo de pago',
  exporting: 'Exportando…',
  exportFailed: 'No se pudo exportar',
  noPaymentDetails: 'Sin datos de pago',
  monthOfPaid: 'Pagadas en',
  monthOfRejected: 'Rechazadas en',
  referenceLabel: 'Referencia del pago',
  referenceHelp: 'El número de la transferencia o del comprobante del banco; el miembro lo verá en Mis Recompensas.',
  referenceRequired: 'Escribe la referencia del pago.',
  referenceTooLong: 'La referencia admite hasta 120 caracteres.',
  rejectReasonLabel: 'Motivo del rechazo',
  rejectReasons: [
    'La cuenta bancaria indicada no está a nombre del miembro.',
    'Faltan los datos del titular de la cuenta.',
    'Los datos de pago están incompletos o no son válidos.',
  ],
  staleAfterRefusal: 'La lista ya muestra su estado actual.',
} as const;

/** The four totals: open work counts whatever its age; finished work, this month only (and says so). */
export const totalLabels: Record<PayoutStatus, { title: string; scope: (month: string) => string }> = {
  pending: { title: 'Pendientes', scope: () => 'Todas, de cualquier fecha' },
  approved: { title: 'Aprobadas sin pagar', scope: () => 'Todas, de cualquier fecha' },
  paid: { title: 'Pagadas este mes', scope: (month) => `En ${month}` },
  rejected: { title: 'Rechazadas este mes', scope: (month) => `En ${month}` },
};

export const emptyStates: Record<PayoutStatus, { title: string; description: (month: string) => string }> = {
  pending: {
    title: 'No hay solicitudes pendientes',
    description: () => 'Cuando un miembro pida un retiro desde Mis Recompensas, aparecerá aquí para que lo apruebes.',
  },
  approved: {
    title: 'No hay solicitudes aprobadas por pagar',
    description: () => 'Las solicitudes que apruebes quedan aquí hasta que registres su transferencia con «Marcar pagado».',
  },
  paid: { title: 'No hay pagos en este mes', description: (month) => `No se marcó pagada ninguna solicitud en ${month}.` },
  rejected: { title: 'No hay rechazos en este mes', description: (month) => `No se rechazó ninguna solicitud en ${month}.` },
};
