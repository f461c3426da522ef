// Proveedores (superadmin): suppliers and what each supplies, restocks, their history and what to
// restock. Every read and write is a function that refuses anyone but a superadmin; the unit costs
// come back only for finance (null otherwise), which the types say.
import { z } from 'zod/mini';
import { DbError, unwrap, type Page } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

export interface SuppliedProduct {
  id: string;
  sku: string;
  name: string;
  is_active: boolean;
}

export interface SupplierRow {
  id: string;
  name: string;
  tax_id: string | null;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  notes: string | null;
  is_active: boolean;
  products: SuppliedProduct[];
  restock_count: number;
  last_restock_at: string | null;
}

export interface SupplierSearchParams {
  query: string | null;
  active: boolean | null;
  page: number;
  pageSize: number;
}

const suppliedProduct = z.object({ id: z.string(), sku: z.string(), name: z.string(), is_active: z.boolean() });

export async function searchSuppliers(p: SupplierSearchParams, signal: AbortSignal): Promise<Page<SupplierRow>> {
  const query = supabase
    .rpc('search_suppliers', { p_query: p.query ?? undefined, p_active: p.active ?? undefined, p_page: p.page, p_page_size: p.pageSize })
    .abortSignal(signal);
  const rows = await unwrap(query);
  return {
    rows: rows.map(({ total: _t, products, restock_count, ...row }) => ({
      ...row,
      products: z.array(suppliedProduct).parse(products),
      restock_count: Number(restock_count),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** The fields of the supplier form; empty text is saved as nothing. */
export interface SupplierInput {
  name: string;
  tax_id: string;
  contact_name: string;
  email: string;
  phone: string;
  notes: string;
  is_active: boolean;
  product_ids: string[];
}

/** Creates (no id) or edits a supplier with exactly these products; answers its id. */
export async function saveSupplier({ id, input }: { id: string | null; input: SupplierInput }): Promise<string> {
  return unwrap(
    supabase.rpc('save_supplier', {
      // A new supplier has no id yet: PostgREST passes null, which the generated types cannot say.
      p_id: id as string,
      p_name: input.name,
      p_tax_id: input.tax_id,
      p_contact_name: input.contact_name,
      p_email: input.email,
      p_phone: input.phone,
      p_notes: input.notes,
      p_is_active: input.is_active,
      p_product_ids: input.product_ids,
    }),
  );
}

/**
 * Deletes a supplier that never restocked (one that did is refused by the database: it is deactivated
 * instead). A row that RLS hid deletes nothing, which is said as a refusal rather than a silent success.
 */
export async function deleteSupplier(id: string): Promise<void> {
  const rows = await unwrap(supabase.from('suppliers').delete().eq('id', id).select('id'));
  if (rows.length === 0) throw new DbError({ code: '42501', message: 'permission denied' }, 403);
}

export interface SupplierOption {
  id: string;
  name: string;
  is_active: boolean;
  /** What it supplies, offered first in the restock dialog. */
  product_ids: string[];
}

/** Every supplier by name, for the restock dialog and the history's filter (a company has tens). */
export async function fetchSupplierOptions(signal: AbortSignal): Promise<SupplierOption[]> {
  const rows = await unwrap(
    supabase.from('suppliers').select('id, name, is_active, supplier_products(product_id)').order('name').limit(1000).abortSignal(signal),
  );
  return rows.map(({ supplier_products, ...s }) => ({ ...s, product_ids: supplier_products.map((l) => l.product_id) }));
}

export interface ProductOption {
  id: string;
  sku: string;
  name: string;
  stock: number;
  is_active: boolean;
}

/** The catalogue by name, to choose what a supplier supplies and what a restock brings. */
export async function fetchProductOptions(signal: AbortSignal): Promise<ProductOption[]> {
  return unwrap(supabase.from('products').select('id, sku, name, stock, is_active').order('name').limit(2000).abortSignal(signal));
}

export interface RestockLineInput {
  product_id: string;
  quantity: number;
  unit_cost: number;
}

const restockResult = z.object({
  restock_id: z.number(),
  supplier_name: z.string(),
  lines: z.array(
    z.object({ product_id: z.string(), sku: z.string(), name: z.string(), quantity: z.number(), stock_before: z.number(), stock_after: z.number() }),
  ),
});
export type RestockResult = z.infer<typeof restockResult>;

/** One transaction: the restock, a stock movement per line, and each product's last cost. */
export async function registerRestock(p: { supplierId: string; lines: RestockLineInput[]; note: string }): Promise<RestockResult> {
  const data = await unwrap(supabase.rpc('register_restock', { p_supplier_id: p.supplierId, p_lines: p.lines as unknown as never, p_note: p.note }));
  return restockResult.parse(data);
}

const restockLine = z.object({
  product_id: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number(),
  unit_cost: z.nullable(z.coerce.number()),
  stock_before: z.number(),
  stock_after: z.number(),
});
export type RestockLine = z.infer<typeof restockLine>;

export interface RestockRow {
  id: number;
  supplier_id: string;
  supplier_name: string;
  note: string | null;
  created_by_email: string | null;
  created_at: string;
  units: number;
  /** Finance only: null for anyone else. */
  total_cost: number | null;
  lines: RestockLine[];
}

export interface RestockHistoryParams {
  supplierId: string | null;
  page: number;
  pageSize: number;
}

export async function fetchRestocks(p: RestockHistoryParams, signal: AbortSignal): Promise<Page<RestockRow>> {
  const query = supabase.rpc('get_restocks', { p_supplier_id: p.supplierId ?? undefined, p_page: p.page, p_page_size: p.pageSize }).abortSignal(signal);
  const rows = await unwrap(query);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      supplier_id: r.supplier_id,
      supplier_name: r.supplier_name,
      note: r.note as string | null,
      created_by_email: r.created_by_email as string | null,
      created_at: r.created_at,
      units: Number(r.units),
      total_cost: (r.total_cost as number | null) === null ? null : Number(r.total_cost),
      lines: z.array(restockLine).parse(r.lines ?? []),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

export interface RestockSuggestion {
  product_id: string;
  sku: string;
  name: string;
  stock: number;
  threshold: number;
  supplier_id: string | null;
  supplier_name: string | null;
  /** Finance only: null for anyone else, or when the product has no cost yet. */
  last_unit_cost: number | null;
}

export async function fetchRestockSuggestions(signal: AbortSignal): Promise<RestockSuggestion[]> {
  const rows = await unwrap(supabase.rpc('get_restock_suggestions').abortSignal(signal));
  return rows.map((r) => ({
    ...r,
    supplier_id: r.supplier_id as string | null,
    supplier_name: r.supplier_name as string | null,
    last_unit_cost: (r.last_unit_cost as number | null) === null ? null : Number(r.last_unit_cost),
  }));
}
