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
  exportTitle: 'Exportar archivo de pago',
  exportDescription:
    'El archivo lleva exactamente las solicitudes aprobadas que marques, con la cuenta con que se aprobó cada una. Cárgalo en el banco; cuando responda, usa «Marcar pagados» con su respuesta.',
  exportLayout: 'Formato',
  exportChoose: 'Solicitudes del archivo',
  exportAll: 'Todas',
  exportNone: 'Ninguna',
  exportSelected: (n: number, total: string) => (n === 1 ? `1 solicitud · ${total}` : `${n} solicitudes · ${total}`),
  exportNothing: 'No hay solicitudes aprobadas fuera de un archivo: las que esperan al banco están en su archivo.',
  exportShown: (n: number) => `Se muestran las ${n} más antiguas.`,
  exportConfirm: 'Generar y descargar',
  exporting: 'Generando…',
  exportDone: (n: number, file: string) => `Archivo N.º ${n} descargado (${file}).`,
  pickOne: 'Marca al menos una solicitud.',
  layoutHint: {
    bancolombia_pab: 'El archivo de pagos masivos de Bancolombia (PAB), para cargar en su Sucursal Virtual Empresas.',
    csv: 'Una línea por transferencia, para cualquier otro banco o para revisarlo en una hoja de cálculo.',
  },
  batchesTitle: 'Archivos de pago',
  batchesDescription: 'Cada archivo generado, con lo que respondió el banco. Un archivo se descarga de nuevo igual, sin pagar dos veces.',
  batchesEmpty: 'Aún no has generado archivos de pago',
  batchesEmptyHint: 'Con solicitudes aprobadas, usa «Exportar archivo de pago».',
  batchesFailed: 'No pudimos cargar los archivos de pago.',
  batchNo: (n: number) => `Archivo N.º ${n}`,
  batchLines: (waiting: number, paid: number, failed: number, voided: number) =>
    [waiting && `${waiting} esperando al banco`, paid && `${paid} pagadas`, failed && `${failed} devueltas`, voided && `${voided} anuladas`]
      .filter(Boolean)
      .join(' · '),
  downloads: (n: number) => (n === 0 ? 'Aún no descargado' : n === 1 ? 'Descargado 1 vez' : `Descargado ${n} veces`),
  voided: (reason: string) => `Anulado: ${reason}`,
  downloadAgain: 'Descargar de nuevo',
  downloading: 'Descargando…',
  voidBatch: 'Anular',
  voiding: 'Anulando…',
  voidTitle: (n: number) => `¿Anular el archivo N.º ${n}?`,
  voidDescription:
    'Anúlalo solo si NO lo cargaste en el banco: sus solicitudes sin respuesta siguen aprobadas y podrán ir en otro archivo. Si el banco ya lo recibió, espera su respuesta: cargar otro archivo con las mismas solicitudes las pagaría dos veces.',
  voidReasonLabel: 'Motivo de la anulación',
  replyTitle: 'Marcar pagados con la respuesta del banco',
  replyDescription:
    'Elige el archivo de pago al que responde el banco y su respuesta guardada como CSV, o un CSV con las columnas referencia, estado y, si quieres, motivo, valor y comprobante. Primero verás qué hará cada línea; nada cambia hasta que confirmes.',
  replyFile: 'Respuesta del banco',
  replyBatch: 'Archivo de pago al que responde',
  replyBatchHint: 'El que cargaste en el banco y del que llegó esta respuesta: una línea sobre una solicitud que ahora está en otro archivo no se aplica.',
  replyBatchOption: (n: number, date: string, waiting: number) =>
    `N.º ${n} · ${date} · ${waiting === 0 ? 'ninguna esperando respuesta' : waiting === 1 ? '1 esperando respuesta' : `${waiting} esperando respuesta`}`,
  replyBatchChoose: 'Elige el archivo',
  replyNoBatch: 'No hay archivos de pago.',
  replyPick: 'Elegir archivo',
  replyReading: 'Leyendo…',
  replyTooLarge: 'El archivo pasa de 2 MB: divídelo en archivos más pequeños.',
  replySummary: (pay: number, returned: number, refused: number) =>
    `${pay === 1 ? '1 se marca pagada' : `${pay} se marcan pagadas`} · ${returned === 1 ? '1 sigue aprobada (devuelta por el banco)' : `${returned} siguen aprobadas (devueltas por el banco)`} · ${refused === 1 ? '1 línea rechazada' : `${refused} líneas rechazadas`}`,
  replyLines: 'Líneas de la respuesta',
  replyLine: (n: number) => `Línea ${n}`,
  replyConfirm: (n: number) => (n === 1 ? 'Aplicar 1 línea' : `Aplicar ${n} líneas`),
  replyApplying: 'Aplicando…',
  replyNothing: 'Ninguna línea se puede aplicar: revisa los motivos.',
  replyDone: (paid: number, returned: number) =>
    `${paid === 1 ? '1 solicitud pagada' : `${paid} solicitudes pagadas`}${returned ? `; ${returned === 1 ? '1 sigue aprobada' : `${returned} siguen aprobadas`} con el motivo del banco` : ''}.`,
  replyAction: { pay: 'Se paga', bank_rejected: 'Sigue aprobada', refused: 'Rechazada' },
  close: 'Cerrar',
  exportPaymentFile: 'Exportar archivo de pago',
  exportFailed: 'No se pudo exportar',
  noPaymentDetails: 'Sin datos de pago',
  noAccount: 'Sin cuenta registrada',
  accountChanged: (days: number) => (days === 0 ? 'Cuenta cambiada hoy' : days === 1 ? 'Cuenta cambiada hace 1 día' : `Cuenta cambiada hace ${days} días`),
  otherHolder: 'Titular distinto del miembro',
  accountChangedWarning: (days: number, name: string) =>
    `${days === 0 ? 'Cuenta cambiada hoy' : days === 1 ? 'Cuenta cambiada hace 1 día' : `Cuenta cambiada hace ${days} días`}: es el primer retiro de ${name} a esta cuenta. Si dudas, confírmalo con ${name} antes de pagar.`,
  otherHolderNote: 'La cuenta es de otro titular: un superadmin lo autorizó para este miembro.',
  bankReturned: (reason: string) => `El banco no la pagó: ${reason}`,
  inBatch: (n: number) => `En el archivo N.º ${n}, esperando al banco`,
  availableAfter: {
    // The balance beside a request already has it (and the member's other open ones) reserved.
    pending: 'después de reservar esta y sus otras solicitudes abiertas',
    approved: 'después de reservar esta y sus otras solicitudes abiertas',
    paid: 'después de este pago',
    rejected: 'con este importe ya devuelto',
  } as Record<PayoutStatus, string>,
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
