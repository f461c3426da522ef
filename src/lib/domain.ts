// The closed sets of the database (its check constraints), shared by every screen with their
// Spanish labels. A value outside them means the schema changed: the type check says where.

/** sales.status: stored in Spanish, shown as stored. */
export const SALE_STATUSES = ['Pendiente de Aprobación', 'Pendiente de Enrolamiento', 'Pagada', 'Entregada', 'Rechazado', 'Cancelada'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const SALE_KINDS = ['order', 'enrollment', 'direct'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
export const saleKindLabels: Record<SaleKind, string> = {
  order: 'Pedido',
  enrollment: 'Enrolamiento',
  direct: 'Venta directa',
};

export const PAYOUT_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const payoutStatusLabels: Record<PayoutStatus, string> = {
  pending: 'Pendiente',
  approved: 'Aprobado',
  paid: 'Pagado',
  rejected: 'Rechazado',
};

export const LEDGER_TYPES = [
  'commission_enrollment',
  'commission_purchase',
  'points_purchase',
  'points_enroller',
  'bonus_starter',
  'bonus_volume',
  'reversal_commission',
  'reversal_points',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];
export const ledgerTypeLabels: Record<LedgerType, string> = {
  commission_enrollment: 'Comisión de enrolamiento',
  commission_purchase: 'Comisión por compra',
  points_purchase: 'Puntos por compra',
  points_enroller: 'Puntos de enrolamiento',
  bonus_starter: 'Bono de inicio',
  bonus_volume: 'Bono de volumen',
  reversal_commission: 'Reverso de comisión',
  reversal_points: 'Reverso de puntos',
};

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

export const isSaleStatus = isOneOf(SALE_STATUSES);
export const isSaleKind = isOneOf(SALE_KINDS);
export const isPayoutStatus = isOneOf(PAYOUT_STATUSES);
export const isLedgerType = isOneOf(LEDGER_TYPES);

/** The limits of a rejection or cancellation reason, as the database checks them (btrim, 3..500). */
export const REASON_LIMITS = { min: 3, max: 500 } as const;
