// The product form's checks, with the database's limits (save_product checks them all again and its
// refusal is pinned to the field it names). Amounts are typed as the locale writes them («25.000»,
// «12,50»: parseAmount).
import { z } from 'zod';
import type { ProductInput, ProductRow } from '@/api/products/products-api';
import { parseMoneyInput } from '@/lib/format/parse-amount';
import { m } from '../messages';

const MAX_PRICE = 100_000_000;
const toAmount = (text: string) => parseMoneyInput(text) ?? Number.NaN;
const wholePattern = /^\d+$/;

export const productFormSchema = z
  .object({
    sku: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$/, m.skuInvalid),
    name: z.string().trim().min(2, m.nameInvalid).max(120, m.nameInvalid),
    description: z.string().trim().max(2000, 'La descripción admite hasta 2.000 caracteres.'),
    category: z.string().trim().max(60, 'La categoría admite hasta 60 caracteres.'),
    benefits: z.array(z.string()),
    components: z.array(z.string()),
    price: z
      .string()
      .trim()
      .refine((t) => toAmount(t) > 0 && toAmount(t) <= MAX_PRICE, m.priceInvalid),
    commissionable_amount: z
      .string()
      .trim()
      .refine((t) => toAmount(t) >= 0 && toAmount(t) <= MAX_PRICE, m.baseInvalid),
    points: z
      .string()
      .trim()
      .refine((t) => wholePattern.test(t) && Number(t) <= 1_000_000, m.pointsInvalid),
    is_kit: z.boolean(),
    initial_stock: z
      .string()
      .trim()
      .refine((t) => t === '' || (wholePattern.test(t) && Number(t) <= 1_000_000), m.stockInvalid),
    photo: z.instanceof(File).nullable(),
    keepPhoto: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (toAmount(v.commissionable_amount) > toAmount(v.price)) {
      ctx.addIssue({ code: 'custom', path: ['commissionable_amount'], message: m.baseOverPrice });
    }
  });

export type ProductFormValues = z.input<typeof productFormSchema>;

export function formValuesOf(p: ProductRow | null): ProductFormValues {
  return {
    sku: p?.sku ?? '',
    name: p?.name ?? '',
    description: p?.description ?? '',
    category: p?.category ?? '',
    benefits: p?.benefits ?? [],
    components: p?.components ?? [],
    price: p ? p.price.toFixed(2) : '',
    commissionable_amount: p ? p.commissionable_amount.toFixed(2) : '',
    points: p ? String(p.points) : '0',
    is_kit: p?.is_kit ?? false,
    initial_stock: '0',
    photo: null,
    keepPhoto: !!p?.image_path,
  };
}

export function inputOf(v: ProductFormValues): ProductInput {
  return {
    sku: v.sku.trim(),
    name: v.name.trim(),
    description: v.description.trim(),
    category: v.category.trim(),
    benefits: v.benefits,
    components: v.components,
    price: toAmount(v.price),
    commissionable_amount: toAmount(v.commissionable_amount),
    points: Number(v.points),
    is_kit: v.is_kit,
    initial_stock: Number(v.initial_stock || '0'),
  };
}
