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
  old_values: Record<string, Json> | null;
  new_values: Record<string, Json> | null;
  changed_keys: string[];
}

export interface AuditLogParams {
  table?: string;
  actorEmail?: string;
  rowId?: string;
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
        p_actor_email: p.actorEmail,
        p_row_id: p.rowId,
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
