import { z } from 'zod/mini';
import { unwrap, unwrapPage, type Page } from '@/lib/data/db';
import type { OrderItem } from '@/lib/data/domain';
import { supabase } from '@/lib/data/supabase';

export interface CatalogueProduct {
  id: string;
  sku: string;
  name: string;
  description: string | null;
  category: string | null;
  benefits: string[];
  price: number;
  points: number;
  stock: number;
  image_path: string | null;
}

export interface CatalogueParams {
  search: string;
  category: string | null;
  page: number;
  pageSize: number;
}

const PRODUCT_COLUMNS = 'id, sku, name, description, category, benefits, price, points, stock, image_path';

/** `%` and `_` typed by a person are letters, not wildcards; commas and parentheses would break `or()`. */
export function ilikePattern(search: string): string {
  return `%${search
    .trim()
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/[,()"]/g, ' ')}%`;
}

/** What a member can order: active products that are not starter kits, by name, a page at a time. */
export async function fetchOrderCatalogue(p: CatalogueParams, signal: AbortSignal): Promise<Page<CatalogueProduct>> {
  let query = supabase
    .from('products')
    .select(PRODUCT_COLUMNS, { count: 'exact' })
    .eq('is_active', true)
    .eq('is_kit', false)
    .order('name')
    .order('id')
    .range((p.page - 1) * p.pageSize, p.page * p.pageSize - 1);
  if (p.search.trim()) query = query.or(`name.ilike.${ilikePattern(p.search)},category.ilike.${ilikePattern(p.search)}`);
  if (p.category) query = query.eq('category', p.category);
  query = query.abortSignal(signal);
  return unwrapPage(query);
}

/** The categories of the orderable catalogue (a catalogue has tens of products, not thousands). */
export async function fetchOrderCategories(signal: AbortSignal): Promise<string[]> {
  const query = supabase.from('products').select('category').eq('is_active', true).eq('is_kit', false).not('category', 'is', null).abortSignal(signal);
  const rows = await unwrap(query);
  return [...new Set(rows.map((r) => r.category).filter((c): c is string => !!c))].sort((a, b) => a.localeCompare(b, 'es'));
}

const previewLine = z.object({
  product_id: z.string(),
  name: z.string(),
  quantity: z.int(),
  unit_price: z.coerce.number(),
  line_total: z.coerce.number(),
  unit_points: z.int(),
  line_points: z.int(),
  stock: z.int(),
  enough_stock: z.boolean(),
});

const orderPreview = z.object({
  lines: z.array(previewLine),
  total: z.coerce.number(),
  points: z.int(),
  month: z.string(),
  month_points: z.int(),
  month_points_after: z.int(),
  activity_points: z.int(),
  active_after: z.boolean(),
  currency: z.string(),
});

export type OrderPreview = z.infer<typeof orderPreview>;

/** The cart priced by the database with place_order's own rules (and refusals). */
export async function previewOrder(items: OrderItem[], signal: AbortSignal): Promise<OrderPreview> {
  const query = supabase.rpc('preview_order', { p_items: items as unknown as never }).abortSignal(signal);
  return orderPreview.parse(await unwrap(query));
}
