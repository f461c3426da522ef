// The Bitácora's disclosure speaks as the screens do: each field by its Spanish label and each value as
// a person reads it (money in the company's currency, rates as percentages, instants at its wall clock,
// states by their names). A field without a label is shown by its name with spaces: the log never hides
// what changed.
import type { AuditChange } from '@/api/audit/audit-api';
import type { Formatters } from '@/lib/format/format';
import type { Json } from '@/lib/database.types';

const FIELD_LABELS: Record<string, string> = {
  name: 'Nombre',
  title: 'Título',
  email: 'Correo',
  phone: 'Teléfono',
  document_number: 'Documento',
  address: 'Dirección',
  city: 'Ciudad',
  slug: 'Enlace público',
  landing_message: 'Mensaje de su página',
  enroller_id: 'Enrolador',
  enrollment_status: 'Estado del enrolamiento',
  joined_at: 'Fecha de ingreso',
  star_level: 'Nivel',
  is_active: 'Activo',
  member_no: 'Número de miembro',
  auth_uid: 'Cuenta',
  client_id: 'Miembro',
  buyer_name: 'Cliente sin membresía',
  buyer_document_number: 'Documento del cliente',
  buyer_phone: 'Teléfono del cliente',
  buyer_email: 'Correo del cliente',
  sale_no: 'Número de venta',
  sale_id: 'Venta',
  kind: 'Tipo',
  status: 'Estado',
  total: 'Total',
  commissionable_total: 'Base comisionable',
  points_total: 'Puntos',
  period_month: 'Mes',
  payment_method: 'Medio de pago',
  payment_reference: 'Referencia de pago',
  payment_details: 'Datos de pago',
  voucher_path: 'Comprobante',
  delivery_address: 'Dirección de entrega',
  notes: 'Notas',
  rejection_reason: 'Motivo del rechazo',
  cancellation_reason: 'Motivo de la cancelación',
  created_by: 'Creado por',
  approved_by: 'Aprobado por',
  rejected_by: 'Rechazado por',
  cancelled_by: 'Cancelado por',
  requested_by: 'Pedido por',
  decided_by: 'Decidido por',
  paid_by: 'Pagado por',
  updated_by: 'Cambiado por',
  closed_by: 'Cerrado por',
  invited_by: 'Invitado por',
  accepted_user_id: 'Cuenta que la aceptó',
  email_set_by: 'Correo puesto por',
  created_at: 'Creado',
  approved_at: 'Aprobado',
  delivered_at: 'Entregado',
  rejected_at: 'Rechazado',
  cancelled_at: 'Cancelado',
  requested_at: 'Pedido',
  decided_at: 'Decidido',
  paid_at: 'Pagado',
  closed_at: 'Cerrado',
  close_started_at: 'Cierre iniciado',
  accepted_at: 'Aceptada',
  consented_at: 'Consentimiento',
  product_id: 'Producto',
  quantity: 'Cantidad',
  unit_price: 'Precio unitario',
  unit_commissionable: 'Base comisionable unitaria',
  unit_points: 'Puntos por unidad',
  line_total: 'Total de la línea',
  sku: 'SKU',
  description: 'Descripción',
  category: 'Categoría',
  benefits: 'Beneficios',
  price: 'Precio',
  commissionable_amount: 'Base comisionable',
  points: 'Puntos',
  stock: 'Stock',
  is_kit: 'Kit de inicio',
  active: 'Activo',
  image_path: 'Foto',
  unit_cost: 'Costo unitario',
  supplier_id: 'Proveedor',
  tax_id: 'NIT',
  contact_name: 'Contacto',
  amount: 'Importe',
  total_amount: 'Total del archivo',
  month: 'Mes',
  summary: 'Lo que hizo el cierre',
  role: 'Rol',
  finance: 'Finanzas',
  user_id: 'Cuenta',
  level: 'Nivel',
  personal_points: 'Puntos personales',
  group_points: 'Puntos de grupo',
  commission_rates: 'Tasas por generación',
  volume_bonus_rate: 'Bono de volumen',
  starter_bonus: 'Bono de inicio',
  company_name: 'Nombre de la empresa',
  contact_info: 'Contacto de la empresa',
  low_stock_threshold: 'Umbral de stock bajo',
  currency: 'Moneda',
  timezone: 'Zona horaria',
  min_payout: 'Pago mínimo',
  activity_points: 'Puntos de actividad mensual',
  enrollment_commission_rate: 'Comisión de enrolamiento',
  recipe_id: 'Receta',
  instructions: 'Preparación',
  message: 'Mensaje',
  answers: 'Respuestas',
  recommendations: 'Recomendaciones',
};

// What a number is decides how it reads, by the column's name in the audited tables (their `create
// table` in supabase/migrations): an amount (numeric(12,2), a batch's (14,2)) in the company's currency,
// a rate (numeric(5,4) between 0 and 1, as the plan stores it) as a percentage, as the settings and plan
// screens show it. Any other number is a count, or keeps its decimals: a figure is never rounded here.
const NUMBER_KINDS: Record<string, 'money' | 'rate'> = {
  total: 'money', // sales
  commissionable_total: 'money',
  unit_price: 'money', // sale_items
  unit_commissionable: 'money',
  line_total: 'money',
  price: 'money', // products
  commissionable_amount: 'money',
  unit_cost: 'money', // product_costs
  amount: 'money', // payout_requests, payout_batch_items (recipe_products' amount is text: «2 cucharadas»)
  total_amount: 'money', // payout_batches
  starter_bonus: 'money', // star_level_configs
  min_payout: 'money', // metadata
  commission_rates: 'rate', // star_level_configs, one per generation
  volume_bonus_rate: 'rate',
  enrollment_commission_rate: 'rate', // metadata
};

const VALUE_LABELS: Record<string, Record<string, string>> = {
  kind: { order: 'Pedido', enrollment: 'Enrolamiento', direct: 'Venta directa' },
  enrollment_status: { pending: 'Pendiente', registered: 'Registrado', rejected: 'Rechazado', cancelled: 'Anulado' },
  status: {
    pending: 'Pendiente',
    approved: 'Aprobado',
    paid: 'Pagado',
    rejected: 'Rechazado',
    open: 'Abierto',
    closed: 'Cerrado',
    accepted: 'Aceptada',
    revoked: 'Retirada',
    new: 'Nuevo',
    contacted: 'Contactado',
  },
  payment_method: { transferencia: 'Transferencia', efectivo: 'Efectivo', tarjeta: 'Tarjeta', otro: 'Otro' },
};

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field.replaceAll('_', ' ');

const INSTANT = /^\d{4}-\d{2}-\d{2}T/;

// The format module rounds a count to a whole number; a number of no known kind that has decimals keeps
// all of them, in the settings' locale and grouped as every figure is.
const decimal = (value: number, f: Formatters) => new Intl.NumberFormat(f.locale, { maximumFractionDigits: 20, useGrouping: 'always' }).format(value);

// Only a JSON number is a figure: the trigger's to_jsonb writes numeric columns as numbers, so a string is
// text, such as a recipe's «amount» that shares its name with a payout's.
function scalarValue(field: string, value: string | number, f: Formatters): string {
  if (typeof value === 'number') {
    const kind = NUMBER_KINDS[field];
    if (kind === 'money') return f.money(value);
    if (kind === 'rate') return f.percent(value);
    return Number.isInteger(value) ? f.count(value) : decimal(value, f);
  }
  if (INSTANT.test(value)) return f.dateTime(value);
  return VALUE_LABELS[field]?.[value] ?? value;
}

/** A value as a person reads it; null for no value (the screen shows a dash). */
export function fieldValue(field: string, value: Json | null, f: Formatters): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number' || typeof value === 'string') return scalarValue(field, value, f);
  // A list reads element by element, each as its column's kind (a level's rates, one per generation).
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.map((v) => scalarValue(field, v, f)).join(', ');
  return JSON.stringify(value);
}

/** The disclosure's lines: label, before and after, as read. */
export const describeChanges = (changes: AuditChange[], f: Formatters) =>
  changes
    .map((c) => ({ field: c.field, label: fieldLabel(c.field), before: fieldValue(c.field, c.before, f), after: fieldValue(c.field, c.after, f) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
