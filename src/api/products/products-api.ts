// Productos (staff): the catalogue as the back office sees it. Every read and write is a function that
// refuses anyone but staff (the reads in 20250701092000_reads_catalogue_and_sales.sql, the writes in
// 20250701050000_catalogue.sql and adjust_stock in 20250701060000_sales_and_stock.sql); cost and margins arrive only for
// finance (null for everyone else: the database decides, not this file).
import { z } from 'zod/mini';
import { uploadFile, BUCKETS } from '@/api/storage/storage-api';
import { unwrap, type Page } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

export const PRODUCT_SORTS = ['nombre', 'sku', 'precio', 'stock', 'puntos'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_STATES = ['activos', 'inactivos', 'todos'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

const money = z.coerce.number();
const nullableMoney = z.nullable(z.coerce.number());

const productRow = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  category: z.nullable(z.string()),
  benefits: z.array(z.string()),
  components: z.array(z.string()),
  price: money,
  commissionable_amount: money,
  points: z.int(),
  stock: z.int(),
  is_kit: z.boolean(),
  is_active: z.boolean(),
  image_path: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  committed: z.int(),
  over_committed: z.boolean(),
  low_stock: z.boolean(),
  unit_cost: nullableMoney,
  margin: nullableMoney,
  plan_max_payout: nullableMoney,
  margin_after_plan: nullableMoney,
});
export type ProductRow = z.infer<typeof productRow>;

export interface ProductListParams {
  query: string | null;
  category: string | null;
  lowStock: boolean;
  kit: boolean | null;
  state: ProductState;
  sort: ProductSort;
  desc: boolean;
  page: number;
  pageSize: number;
}

export async function fetchProducts(p: ProductListParams, signal: AbortSignal): Promise<Page<ProductRow>> {
  const query = supabase
    .rpc('list_products', {
      p_query: p.query ?? undefined,
      p_category: p.category ?? undefined,
      p_low_stock: p.lowStock,
      p_kit: p.kit ?? undefined,
      p_status: p.state,
      p_sort: p.sort,
      p_desc: p.desc,
      p_page: p.page,
      p_page_size: p.pageSize,
    })
    .abortSignal(signal);
  const rows = await unwrap(query);
  return { rows: rows.map((r) => productRow.parse(r)), total: Number(rows[0]?.total ?? 0) };
}

export async function fetchProduct(id: string, signal: AbortSignal): Promise<ProductRow> {
  return productRow.parse(await unwrap(supabase.rpc('get_product', { p_product_id: id }).abortSignal(signal)));
}

export interface ProductCategory {
  category: string;
  products: number;
}

export async function fetchProductCategories(signal: AbortSignal): Promise<ProductCategory[]> {
  const rows = await unwrap(supabase.rpc('get_product_categories').abortSignal(signal));
  return rows.map((r) => ({ category: r.category, products: Number(r.products) }));
}

export const MOVEMENT_KINDS = ['initial', 'restock', 'adjustment', 'sale', 'cancellation'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const movementKindLabels: Record<MovementKind, string> = {
  initial: 'Stock inicial',
  restock: 'Reposición',
  adjustment: 'Ajuste',
  sale: 'Venta',
  cancellation: 'Cancelación',
};

export interface StockMovement {
  id: number;
  created_at: string;
  kind: MovementKind;
  quantity: number;
  stock_after: number;
  note: string | null;
  sale_id: string | null;
  sale_no: number | null;
  supplier_name: string | null;
  actor_name: string | null;
}

export interface MovementParams {
  productId: string;
  page: number;
  pageSize: number;
}

export async function fetchProductMovements(p: MovementParams, signal: AbortSignal): Promise<Page<StockMovement>> {
  const query = supabase.rpc('get_product_movements', { p_product_id: p.productId, p_page: p.page, p_page_size: p.pageSize }).abortSignal(signal);
  const rows = (await unwrap(query)) as unknown as (StockMovement & { total: number })[];
  return { rows: rows.map(({ total: _t, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
}

/** What the form sends, checked by its schema first; the database checks it all again. */
export interface ProductInput {
  sku: string;
  name: string;
  description: string;
  category: string;
  benefits: string[];
  components: string[];
  price: number;
  commissionable_amount: number;
  points: number;
  is_kit: boolean;
  initial_stock: number;
}

export interface SaveProductArgs {
  /** The product's id; a new product gets it from the form (newProductId), so its photo goes to its
   *  own folder (product-images/<id>/) before save_product checks that the file is there. */
  id: string;
  isNew: boolean;
  input: ProductInput;
  /** A new photo to upload (already resized), or null to keep `imagePath`. */
  photo: File | null;
  /** The photo it has now (null: none, or removed). */
  imagePath: string | null;
}

export const newProductId = (): string => crypto.randomUUID();

/** Uploads the new photo (if any), then saves; a refused save leaves at most an unused photo behind. */
export async function saveProduct({ id, isNew, input, photo, imagePath }: SaveProductArgs): Promise<ProductRow> {
  const path = photo ? await uploadFile(BUCKETS.products, id, photo) : imagePath;
  const data = await unwrap(
    supabase.rpc('save_product', {
      p_id: id,
      p_sku: input.sku,
      p_name: input.name,
      p_description: input.description,
      p_category: input.category,
      p_benefits: input.benefits,
      p_price: input.price,
      p_commissionable_amount: input.commissionable_amount,
      p_points: input.points,
      p_is_kit: input.is_kit,
      p_image_path: path ?? undefined,
      p_initial_stock: isNew ? input.initial_stock : 0,
      p_components: input.components,
    }),
  );
  return productRow.parse(data);
}

export interface StockAdjustment {
  productId: string;
  direction: 'entrada' | 'salida';
  quantity: number;
  reason: string;
}

export async function adjustStock(a: StockAdjustment): Promise<{ movement_id: number; stock: number }> {
  const data = await unwrap(
    supabase.rpc('adjust_stock', {
      p_product_id: a.productId,
      p_direction: a.direction,
      p_quantity: a.quantity,
      p_reason: a.reason,
    }),
  );
  return z.object({ movement_id: z.int(), stock: z.int() }).parse(data);
}

export async function setProductActive({ id, active }: { id: string; active: boolean }): Promise<ProductRow> {
  return productRow.parse(await unwrap(supabase.rpc('set_product_active', { p_product_id: id, p_active: active })));
}

export async function deleteProduct(id: string): Promise<void> {
  await unwrap(supabase.rpc('delete_product', { p_product_id: id }));
}
