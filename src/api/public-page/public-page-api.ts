// The public page /p/{slug}, read and written by anonymous visitors: one security-definer read
// (get_public_page: the member's name and city, the company, the catalogue, the recipes) and the
// contact form (submit_lead, which caps sizes, refuses markup and limits leads per page and hour).
// Its jsonb is checked by hand rather than with zod: this is the public route's first load, which has
// a budget, and zod's core alone would take most of it.
// It calls PostgREST with fetch (rest.ts), not supabase-js, for the same reason.
import { unwrap } from '@/lib/data/db';
import { anonRpc } from '@/lib/data/rest';

export interface PublicProduct {
  id: string;
  name: string;
  description: string | null;
  category: string | null;
  benefits: string[];
  price: number;
  image_path: string | null;
}

export interface PublicRecipe {
  id: string;
  title: string;
  description: string | null;
  instructions: string;
  benefits: string[];
  /** In the public recipe-images bucket. */
  image_path: string | null;
  products: { product_id: string; name: string; amount: string | null }[];
}

export interface PublicPage {
  member: { name: string; slug: string; city: string | null };
  company: { name: string; contact_info: string; currency: string };
  products: PublicProduct[];
  recipes: PublicRecipe[];
}

type Shape = Record<string, 'string' | 'string?' | 'number' | 'strings' | 'object' | 'array'>;

const fits = (value: unknown, kind: Shape[string]): boolean => {
  switch (kind) {
    case 'string?':
      return value === null || typeof value === 'string';
    case 'strings':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === kind;
  }
};

/** The value when it has the shape's keys with their types; an Error (shown as a server failure) otherwise. */
function checked<T>(value: unknown, shape: Shape, what: string): T {
  if (!fits(value, 'object')) throw new Error(`La respuesta de get_public_page no trae ${what}.`);
  for (const [key, kind] of Object.entries(shape)) {
    if (!fits((value as Record<string, unknown>)[key], kind)) throw new Error(`La respuesta de get_public_page trae ${what}.${key} con otro tipo.`);
  }
  return value as T;
}

function parsePublicPage(data: unknown): PublicPage {
  const page = checked<PublicPage>(data, { member: 'object', company: 'object', products: 'array', recipes: 'array' }, 'la página');
  checked(page.member, { name: 'string', slug: 'string', city: 'string?' }, 'member');
  checked(page.company, { name: 'string', contact_info: 'string', currency: 'string' }, 'company');
  for (const p of page.products) {
    checked(
      p,
      { id: 'string', name: 'string', description: 'string?', category: 'string?', benefits: 'strings', price: 'number', image_path: 'string?' },
      'products',
    );
  }
  for (const r of page.recipes) {
    checked(
      r,
      { id: 'string', title: 'string', description: 'string?', instructions: 'string', benefits: 'strings', image_path: 'string?', products: 'array' },
      'recipes',
    );
    for (const p of r.products) checked(p, { product_id: 'string', name: 'string', amount: 'string?' }, 'recipes.products');
  }
  return page;
}

/** The page of a slug, or null when no approved member has it (unknown, pending, odd characters). */
export async function fetchPublicPage(slug: string, signal: AbortSignal): Promise<PublicPage | null> {
  const data = await unwrap(anonRpc<unknown>('get_public_page', { p_slug: slug }, signal));
  return data === null ? null : parsePublicPage(data);
}

export interface LeadInput {
  slug: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** The visitor ticked the data authorisation (the database refuses the lead without it). */
  consent: boolean;
}

/** Leaves a lead for the page's member; an empty field is left out (the function's default, null). */
export async function submitLead(lead: LeadInput): Promise<void> {
  const orOmitted = (value: string) => (value.trim() === '' ? undefined : value.trim());
  await unwrap(
    anonRpc<null>('submit_lead', {
      p_slug: lead.slug,
      p_name: lead.name.trim(),
      p_email: orOmitted(lead.email),
      p_phone: orOmitted(lead.phone),
      p_message: orOmitted(lead.message),
      p_consent: lead.consent,
    }),
  );
}
