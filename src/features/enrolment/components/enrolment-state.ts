import type { Enrolment } from '@/api/enrolment/enrolment-api';

/** The four states a member follows an enrolment by, from its sale's state. */
export type EnrolmentState = 'pending' | 'approved' | 'rejected' | 'cancelled';

export function enrolmentState(status: Enrolment['status']): EnrolmentState {
  switch (status) {
    case 'Pagada':
    case 'Entregada':
      return 'approved';
    case 'Rechazado':
      return 'rejected';
    case 'Cancelada':
      return 'cancelled';
    default:
      return 'pending';
  }
}
