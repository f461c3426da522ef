import { unwrap, type Page } from '@/lib/data/db';
import type { Json } from '@/lib/database.types';
import { supabase } from '@/lib/data/supabase';

/** The tables the audit triggers write (the «audit» trigger beside each table in supabase/migrations), with their Spanish names. */
export const AUDITED_TABLES = [
  'clients',
  'sales',
  'sale_items',
  'products',
  'product_costs',
  'suppliers',
  'payout_requests',
  'payout_accounts',
  'payout_batches',
  'payout_batch_items',
  'payout_institutions',
  'payout_file_settings',
  'payout_holder_exceptions',
  'periods',
  'metadata',
  'star_level_configs',
  'users_roles',
  'staff_invitations',
  'recipes',
  'recipe_products',
  'health_analyses',
  'leads',
] as const;
export type AuditedTable = (typeof AUDITED_TABLES)[number];
export const auditedTableLabels: Record<AuditedTable, string> = {
  clients: 'Miembros',
  sales: 'Ventas',
  sale_items: 'Líneas de venta',
  products: 'Productos',
  product_costs: 'Costos de productos',
  suppliers: 'Proveedores',
  payout_requests: 'Pagos',
  payout_accounts: 'Cuentas de cobro',
  payout_batches: 'Archivos de pago',
  payout_batch_items: 'Líneas de archivos de pago',
  payout_institutions: 'Bancos',
  payout_file_settings: 'Datos del archivo de pago',
  payout_holder_exceptions: 'Permisos de otro titular',
  periods: 'Meses',
  metadata: 'Ajustes',
  star_level_configs: 'Niveles del plan',
  users_roles: 'Roles del personal',
  staff_invitations: 'Invitaciones del personal',
  recipes: 'Recetas',
  recipe_products: 'Productos de recetas',
  health_analyses: 'Análisis de salud',
  leads: 'Contactos',
};

export type AuditAction = 'INSERT' | 'UPDATE' | 'DELETE';

/** One field a change touched: its value before and after (a member, product or person by name, not by id). */
export interface AuditChange {
  field: string;
  before: Json | null;
  after: Json | null;
}

export interface AuditEntry {
  id: number;
  occurred_at: string;
  action: AuditAction;
  table_name: string;
  row_id: string | null;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string | null;
  /** The database role the change came through: authenticated (the app), or postgres for an operator in SQL. */
  db_role: string;
  /** The change told in one sentence, built by the database («Laura Gómez aprobó la venta #200 de Carlos Rodríguez»). */
  sentence: string;
  /** The fields that changed (on an insert or a delete, those with a value), for the disclosure. */
  changes: AuditChange[];
}

export interface AuditLogParams {
  table?: string;
  /** Words a person types («venta 200», «aprobó», a name or an e-mail): each must be in the sentence. */
  search?: string;
  /** Days YYYY-MM-DD in the company's time zone, both inclusive. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** The count stops at 1,001 rows: beyond 1,000 the screen says «más de 1.000» and asks for narrower filters. */
export const AUDIT_COUNT_CAP = 1000;

export async function fetchAuditLog(p: AuditLogParams, signal: AbortSignal): Promise<Page<AuditEntry>> {
  const rows = await unwrap(
    supabase
      .rpc('get_audit_log', {
        p_table: p.table,
        p_search: p.search,
        p_from: p.from,
        p_to: p.to,
        p_page: p.page,
        p_page_size: p.pageSize,
      })
      .abortSignal(signal),
  );
  const total = rows[0] ? Number(rows[0].total) : 0;
  return {
    rows: rows.map(({ total: _total, ...r }) => r) as unknown as AuditEntry[],
    total: Math.min(total, AUDIT_COUNT_CAP),
    capped: total > AUDIT_COUNT_CAP,
  };
}
