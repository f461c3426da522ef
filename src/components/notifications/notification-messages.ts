// The bell's words, in both shells.
import { formatCount } from '@/lib/format/format';

export const notificationMessages = {
  title: 'Avisos',
  description: {
    member: 'Lo que pasó con tus pedidos, ganancias, retiros, enrolamientos y contactos.',
    staff: 'Lo que espera por ti: aprobaciones atrasadas, stock bajo, cierres de mes y correos que no salieron.',
  },
  bell: (unread: number) => (unread === 0 ? 'Avisos: ninguno sin leer' : `Avisos: ${formatCount(unread)} sin leer`),
  unreadCount: (unread: number) => `${formatCount(unread)} sin leer`,
  close: 'Cerrar avisos',
  markAll: 'Marcar todo como leído',
  unread: 'Sin leer',
  empty: 'No tienes avisos todavía.',
  emptyHint: {
    member: 'Aquí te contaremos cuando se apruebe un pedido, ganes una comisión o se pague un retiro.',
    staff: 'Aquí te contaremos cuando algo lleve más de 48 horas esperando, un producto llegue al stock bajo o un correo no salga.',
  },
  loadFailed: 'No pudimos cargar tus avisos.',
  more: 'Ver avisos anteriores',
  allRead: 'Todo está leído.',
  troubleTitle: 'Correos que no salieron',
  troubleDescription: 'En la app sí llegaron. Revisa la dirección o el servidor de correo.',
  unconfirmed: 'Sin confirmar: puede haber llegado, no se reenvía solo',
  failed: (attempts: number) => `Fallido tras ${formatCount(attempts)} ${attempts === 1 ? 'intento' : 'intentos'}`,
} as const;
