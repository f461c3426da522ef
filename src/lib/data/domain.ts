// The closed sets of Savia's data, shared by every screen: the database's check constraints say the
// same (sales_estado_valido, payout_requests_estado_valido, reward_transactions_tipo_valido…).

export const SALE_STATUSES = ['Pendiente de Aprobación', 'Pendiente de Enrolamiento', 'Pagada', 'Entregada', 'Rechazado', 'Cancelada'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const PENDING_SALE_STATUSES = ['Pendiente de Aprobación', 'Pendiente de Enrolamiento'] as const satisfies readonly SaleStatus[];

export const SALE_KINDS = ['order', 'enrollment', 'direct'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
export const saleKindLabels: Record<SaleKind, string> = { order: 'Pedido', enrollment: 'Enrolamiento', direct: 'Venta directa' };

/**
 * A member's e-mail that a staff member changed and nobody else confirmed yet (issue 23 §2): nobody
 * signs in with it, and its changer neither approves the enrolment nor confirms it. Read in Clientes
 * (get_client_profile) and Aprobaciones (get_approval_queue, get_sale_checks).
 */
export interface EmailCheck {
  /** The e-mail of who changed it (a person edits their own display name, never this). */
  set_by_email: string | null;
  /** Whoever is reading changed it. */
  set_by_me: boolean;
  set_at: string;
}

/** One line of an order as the engine takes it (place_order, preview_order, enrol_member's kit). */
export interface OrderItem {
  product_id: string;
  quantity: number;
}

export const PAYMENT_METHODS = ['transferencia', 'efectivo', 'tarjeta', 'otro'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  transferencia: 'Transferencia',
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  otro: 'Otro',
};

export const PAYOUT_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const payoutStatusLabels: Record<PayoutStatus, string> = {
  pending: 'Pendiente',
  approved: 'Aprobado',
  paid: 'Pagado',
  rejected: 'Rechazado',
};

/** The kinds of account a payout goes to (payout_accounts_tipo_valido). */
export const PAYOUT_ACCOUNT_TYPES = ['ahorros', 'corriente', 'deposito_electronico'] as const;
export type PayoutAccountType = (typeof PAYOUT_ACCOUNT_TYPES)[number];
export const payoutAccountTypeLabels: Record<PayoutAccountType, string> = {
  ahorros: 'Cuenta de ahorros',
  corriente: 'Cuenta corriente',
  deposito_electronico: 'Depósito electrónico (celular)',
};

/** The holder's identity documents (payout_accounts_tipo_documento_valido). */
export const DOCUMENT_TYPES = ['CC', 'CE', 'NIT', 'PA'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const documentTypeLabels: Record<DocumentType, string> = {
  CC: 'Cédula de ciudadanía',
  CE: 'Cédula de extranjería',
  NIT: 'NIT',
  PA: 'Pasaporte',
};

/** The payment files Pagos can write (payout_batches_formato_valido): a bank's layout or the plain CSV. */
export const PAYOUT_LAYOUTS = ['bancolombia_pab', 'csv'] as const;
export type PayoutLayout = (typeof PAYOUT_LAYOUTS)[number];
export const payoutLayoutLabels: Record<PayoutLayout, string> = {
  bancolombia_pab: 'Bancolombia PAB',
  csv: 'CSV simple',
};

/** What a line of the bank's reply does (preview_payout_reply). */
export const REPLY_ACTIONS = ['pay', 'bank_rejected', 'refused'] as const;
export type ReplyAction = (typeof REPLY_ACTIONS)[number];

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

/** The state get_ledger gives each entry. */
export const LEDGER_STATES = ['pendiente', 'disponible', 'revertido', 'reverso'] as const;
export type LedgerState = (typeof LEDGER_STATES)[number];

/** The follow-up of a contact left on a member's public page (leads_estado_valido). */
export const LEAD_STATUSES = ['new', 'contacted', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const leadStatusLabels: Record<LeadStatus, string> = { new: 'Nuevo', contacted: 'Contactado', closed: 'Cerrado' };

/** Narrows a value read from the database to a closed set, or fails loudly: a new state must be handled. */
export function oneOf<T extends string>(set: readonly T[], value: string): T {
  if ((set as readonly string[]).includes(value)) return value as T;
  throw new Error(`Valor inesperado «${value}»: esperaba uno de ${set.join(', ')}`);
}

/** What a product contains that someone may have to avoid (public.products.components; the
 *  Análisis de Salud excludes products by it). */
export const PRODUCT_COMPONENTS = ['gluten', 'lactosa', 'soya', 'frutos_secos', 'mani', 'abejas', 'cafeina', 'origen_animal'] as const;
export type ProductComponent = (typeof PRODUCT_COMPONENTS)[number];
export const productComponentLabels: Record<ProductComponent, string> = {
  gluten: 'Gluten',
  lactosa: 'Lactosa',
  soya: 'Soya',
  frutos_secos: 'Frutos secos',
  mani: 'Maní',
  abejas: 'Productos de las abejas',
  cafeina: 'Cafeína',
  origen_animal: 'Ingredientes de origen animal',
};
