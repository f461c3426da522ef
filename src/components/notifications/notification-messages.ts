// The bell's words, in both shells.
import { formatCount } from '@/lib/format';

export const notificationMessages = {
  title: 'Avisos',
  description: 'Lo que pasó con tus pedidos, ganancias, retiros y lo que espera por ti.',
  bell: (unread: number) => (unread === 0 ? 'Avisos: ninguno sin leer' : `Avisos: ${formatCount(unread)} sin leer`),
  unreadCount: (unread: number) => `${formatCount(unread)} sin leer`,
  close: 'Cerrar avisos',
  markAll: 'Marcar todo como leído',
  unread: 'Sin leer',
  empty: 'No tienes avisos todavía.',
  emptyHint: 'Aquí te contaremos cuando se apruebe un pedido, ganes una comisión o se pague un retiro.',
  loadFailed: 'No pudimos cargar tus avisos.',
  more: 'Ver avisos anteriores',
  allRead: 'Todo está leído.',
} as const;
