// Recetario through PostgREST and Storage, as each persona: staff save a recipe with its products and
// photo; a member and a visitor can neither call the screen's functions nor read or write the tables;
// the photo is readable by its public URL (the public page shows it) while the bucket cannot be listed
// or written by them, and a payment voucher stays private.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from './support';
import { product, retireTestProducts, tagOf } from './engine-support';
import { memberPersona, staffPersona, type Persona } from './fixtures/personas';

// A 1×1 transparent PNG: the smallest real image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let admin: Persona;
let member: Persona & { clientId: string };
let productId = '';
const recipeId = crypto.randomUUID();
const photo = `${recipeId}/foto.png`;

beforeAll(async () => {
  [admin, member] = await Promise.all([staffPersona('admin'), memberPersona()]);
  productId = await product(tagOf(), 12, 5, 20);
  const upload = await admin.client.storage.from('recipe-images').upload(photo, PNG, { contentType: 'image/png' });
  expect(upload.error).toBeNull();
  const saved = await admin.client.rpc('save_recipe', {
    p_id: recipeId,
    p_title: 'Receta de integración',
    p_products: [{ product_id: productId, amount: '1 taza' }],
    p_benefits: ['energia'],
    p_image_path: photo,
  });
  expect(saved.error).toBeNull();
});
afterAll(async () => {
  await sql('delete from public.recipes where id = $1', [recipeId]);
  await retireTestProducts();
});

describe('Recetario por la API', () => {
  it('el personal guarda y lee la receta con sus productos, su estado y su foto', async () => {
    const { data, error } = await admin.client.rpc('get_recipe', { p_recipe_id: recipeId });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      title: 'Receta de integración',
      image_path: photo,
      unavailable: 0,
      on_public_pages: true,
      products: [expect.objectContaining({ product_id: productId, amount: '1 taza', status: 'disponible' })],
    });
  });

  it('un miembro y un visitante no llaman a nada del Recetario ni leen o escriben sus tablas', async () => {
    const calls = (client: Persona['client']) => [
      client.rpc('list_recipes', {}),
      client.rpc('get_recipe', { p_recipe_id: recipeId }),
      client.rpc('save_recipe', { p_id: recipeId, p_title: 'Cambiada', p_products: [{ product_id: productId, amount: '2' }] }),
      client.rpc('delete_recipe', { p_recipe_id: recipeId }),
    ];
    for (const answer of await Promise.all(calls(member.client))) {
      expect(answer.data).toBeNull();
      expect(answer.error).toMatchObject({ code: 'P0001', hint: 'savia:forbidden' });
    }
    for (const answer of await Promise.all(calls(anonClient()))) {
      expect(answer.data).toBeNull();
      expect(answer.error?.code).toBe('42501');
    }
    // The member's policies hide every row; the visitor has no grant at all.
    expect((await member.client.from('recipes').select('id')).data).toEqual([]);
    expect((await member.client.from('recipe_products').select('recipe_id')).data).toEqual([]);
    const insert = await member.client.from('recipes').insert({ title: 'Receta de un miembro' });
    expect(insert.error?.code).toBe('42501');
    const update = await member.client.from('recipes').update({ title: 'Cambiada' }).eq('id', recipeId).select('id');
    expect(update.data ?? []).toEqual([]);
    expect((await anonClient().from('recipes').select('id')).error?.code).toBe('42501');
    const [row] = await sql<{ title: string }>('select title from public.recipes where id = $1', [recipeId]);
    expect(row).toEqual({ title: 'Receta de integración' });
  });

  it('lo que el formulario rechaza, la base de datos también, con el campo en details', async () => {
    const base = { p_id: recipeId, p_title: 'Receta de integración', p_products: [{ product_id: productId, amount: '1 taza' }] };
    const cases = [
      [{ p_products: [] }, 'savia:recipe_without_products', 'products'],
      [{ p_products: [{ product_id: crypto.randomUUID(), amount: '1' }] }, 'savia:unknown_product', 'products'],
      [{ p_products: [{ product_id: productId, amount: '' }] }, 'savia:invalid_amount', 'products'],
      [{ p_title: 'x' }, 'savia:invalid_recipe', 'title'],
      [{ p_image_path: `${recipeId}/nunca-subida.png` }, 'savia:invalid_image', 'image'],
    ] as const;
    for (const [patch, hint, details] of cases) {
      const { error } = await admin.client.rpc('save_recipe', { ...base, ...patch });
      expect(error, JSON.stringify(patch)).toMatchObject({ code: 'P0001', hint, details });
    }
    const lines = await sql('select amount from public.recipe_products where recipe_id = $1', [recipeId]);
    expect(lines).toEqual([{ amount: '1 taza' }]);
  });

  it('la foto se ve por su URL pública; el bucket no se lista ni se escribe, y un comprobante sigue privado', async () => {
    const visitor = anonClient();
    const url = visitor.storage.from('recipe-images').getPublicUrl(photo).data.publicUrl;
    const shown = await fetch(url);
    expect(shown.status).toBe(200);
    expect(Buffer.from(await shown.arrayBuffer())).toEqual(PNG);

    expect((await visitor.storage.from('recipe-images').list(recipeId)).data ?? []).toEqual([]);
    expect((await member.client.storage.from('recipe-images').list(recipeId)).data ?? []).toEqual([]);
    for (const client of [visitor, member.client]) {
      const upload = await client.storage.from('recipe-images').upload(`${recipeId}/otra.png`, PNG, { contentType: 'image/png' });
      expect(upload.error).not.toBeNull();
    }
    const removed = await member.client.storage.from('recipe-images').remove([photo]);
    expect(removed.data ?? []).toEqual([]);
    expect((await fetch(url)).status).toBe(200);

    const voucher = `${member.clientId}/pago.png`;
    expect((await member.client.storage.from('payment-vouchers').upload(voucher, PNG, { contentType: 'image/png' })).error).toBeNull();
    const leaked = await fetch(visitor.storage.from('payment-vouchers').getPublicUrl(voucher).data.publicUrl);
    expect(leaked.status).toBeGreaterThanOrEqual(400);
  });
});
