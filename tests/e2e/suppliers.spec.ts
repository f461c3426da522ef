// Proveedores. Diego (superadmin without finance) creates a supplier (refused first at the name: the
// database knows it already), links two products, registers a restock (a quantity of 0 refused at its
// line; a product deactivated meanwhile refused by the database at its line) and sees each stock rise,
// in the dialog and in the database; the history shows no cost; `?reponer=` opens the dialog with the
// product. Sofía (finance) sees the cost in the history and the last cost already in the dialog.
// Every product and supplier is this spec's own, deactivated after (restocks are append-only).
import type { Page } from '@playwright/test';
import { asPerson } from './db';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import type { Own } from './own';
import { openAs } from './session';
import { personas, withDb } from './support';

const suppliers: string[] = [];

const makeProduct = async (own: Own, sku: string, name: string, stock: number) => (await own.product({ sku, name, price: 20, points: 20, stock })).id;

const stockOf = (id: string) =>
  withDb(
    async (db) =>
      (
        await db.query<{ stock: number; unit_cost: string | null }>(
          `select p.stock, c.unit_cost from public.products p left join public.product_costs c on c.product_id = p.id where p.id = $1`,
          [id],
        )
      ).rows[0]!,
  );

const line = (page: Page, n: number) => page.getByRole('dialog', { name: 'Registrar reposición' }).locator(`[data-line="${n}"]`);

test.afterAll(async () => {
  await withDb((db) => db.query('update public.suppliers set is_active = false where id = any($1)', [suppliers]));
});

test('Diego crea un proveedor, registra una reposición y el stock sube; ?reponer abre el diálogo con el producto', async ({ page, own }) => {
  const tag = own.tag.toUpperCase();
  const skuLow = `SUP-${tag}-A`;
  const skuMore = `SUP-${tag}-B`;
  const low = await makeProduct(own, skuLow, `Hibisco ${tag}`, 2);
  const more = await makeProduct(own, skuMore, `Ortiga ${tag}`, 50);
  const name = `Cultivos ${tag}`;

  await openAs(page, personas.superadmin, '/proveedores');
  await expect(page.getByRole('heading', { level: 1, name: 'Proveedores' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Proveedores' }).getByText('Herbolaria Andina S.A.S.')).toBeVisible();
  // The low one is suggested (stock 2 ≤ the threshold), the other is not.
  const suggestions = page.getByRole('region', { name: 'Para reponer' });
  await expect(suggestions.getByText(`Hibisco ${tag}`)).toBeVisible();
  await expect(suggestions.getByText(`Ortiga ${tag}`)).toHaveCount(0);
  await expectAccessible(page, 'Proveedores');

  // A name the database already has: its sentence at the field.
  await page.getByRole('button', { name: 'Nuevo proveedor' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nuevo proveedor' });
  await form.getByLabel('Nombre').fill('herbolaria andina s.a.s.');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Ya existe un proveedor llamado «Herbolaria Andina S.A.S.».')).toBeVisible();
  await expect(form.getByLabel('Nombre')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Nombre').fill(name);
  await form.getByLabel('Correo', { exact: true }).fill(`Pedidos.${tag}@Cultivos.test`);
  await form.getByLabel('Teléfono').fill('+57 604 555 0199');
  await form.getByRole('searchbox', { name: 'Filtrar productos' }).fill(tag);
  await form.getByRole('checkbox', { name: new RegExp(skuLow) }).check();
  await form.getByRole('checkbox', { name: new RegExp(skuMore) }).check();
  await expect(form.getByText('2 productos elegidos')).toBeVisible();
  await shootScreen(page, 'proveedores-ficha', { fullPage: false });
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Proveedor guardado.')).toBeVisible();
  await expect(form).toBeHidden();
  const [saved] = await withDb(
    async (db) =>
      (
        await db.query<{ id: string; email: string; links: number }>(
          `select s.id, s.email, (select count(*)::int from public.supplier_products sp where sp.supplier_id = s.id) as links
         from public.suppliers s where s.name = $1`,
          [name],
        )
      ).rows,
  );
  suppliers.push(saved!.id);
  expect(saved).toMatchObject({ email: `pedidos.${tag.toLowerCase()}@cultivos.test`, links: 2 });
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
  await expect(page.getByRole('table', { name: 'Proveedores' }).getByText(name)).toBeVisible();

  // «Registrar reposición»: the supplier's products come first; a quantity of 0 is refused at its line.
  await page.getByRole('button', { name: 'Registrar reposición' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar reposición' });
  await dialog.getByLabel('Proveedor').selectOption(saved!.id);
  await line(page, 1).getByLabel('Producto').selectOption(low);
  await line(page, 1).getByLabel('Cantidad').fill('0');
  await line(page, 1).getByLabel('Costo unitario').fill('3.500');
  await dialog.getByRole('button', { name: 'Agregar producto' }).click();
  await line(page, 2).getByLabel('Producto').selectOption(more);
  await line(page, 2).getByLabel('Cantidad').fill('5');
  await line(page, 2).getByLabel('Costo unitario').fill('4250');
  await dialog.getByRole('button', { name: 'Registrar reposición' }).click();
  await expect(line(page, 1).getByRole('alert')).toHaveText('Unidades: un número entero mayor que cero.');
  await expect(line(page, 1).getByLabel('Cantidad')).toHaveAttribute('aria-invalid', 'true');
  await line(page, 1).getByLabel('Cantidad').fill('30');
  await expectAccessible(page, 'Registrar reposición');

  // Deactivated meanwhile (in Productos, by someone else): the database refuses it at its line, nothing moves.
  await withDb((db) => db.query('update public.products set is_active = false where id = $1', [more]));
  await dialog.getByRole('button', { name: 'Registrar reposición' }).click();
  await expect(line(page, 2).getByRole('alert')).toHaveText(`«Ortiga ${tag}» está inactivo: actívalo en Productos antes de reponerlo.`);
  expect((await stockOf(low)).stock).toBe(2);
  await withDb((db) => db.query('update public.products set is_active = true where id = $1', [more]));

  await dialog.getByLabel('Nota (opcional)').fill(`Factura ${tag}`);
  await dialog.getByRole('button', { name: 'Registrar reposición' }).click();
  // The dialog now says what happened: each product's stock before → after.
  const done = page.getByRole('dialog', { name: /Reposición n\.º \d+ registrada/ });
  await expect(done.getByTestId(`stock-${skuLow}`)).toHaveText('2 → 32');
  await expect(done.getByTestId(`stock-${skuMore}`)).toHaveText('50 → 55');
  expect(await stockOf(low)).toEqual({ stock: 32, unit_cost: '3500.00' });
  expect(await stockOf(more)).toEqual({ stock: 55, unit_cost: '4250.00' });
  const [restock] = await withDb(
    async (db) =>
      (
        await db.query<{ lines: number; movements: number }>(
          `select (select count(*)::int from public.restock_lines l where l.restock_id = r.id) as lines,
              (select count(*)::int from public.stock_movements m where m.supplier_id = r.supplier_id and m.kind = 'restock') as movements
         from public.restocks r where r.supplier_id = $1`,
          [saved!.id],
        )
      ).rows,
  );
  expect(restock).toEqual({ lines: 2, movements: 2 });
  await done.getByRole('button', { name: 'Listo' }).click();
  // 32 is over the threshold now: no longer suggested.
  await expect(suggestions.getByText(`Hibisco ${tag}`)).toHaveCount(0);

  // The history: what came and how the stock moved, and no cost for Diego.
  await page.getByRole('tab', { name: 'Historial de reposiciones' }).click();
  await page.getByRole('combobox', { name: 'Proveedor', exact: true }).selectOption(saved!.id);
  const card = page.getByRole('listitem').filter({ hasText: `Factura ${tag}` });
  await expect(card).toContainText('35 unidades');
  await expect(card.getByRole('row', { name: new RegExp(`Hibisco ${tag}`) })).toContainText('2 → 32');
  await expect(card.getByRole('columnheader', { name: 'Costo unitario' })).toHaveCount(0);
  await expect(page.getByText('Los costos solo los ve finanzas.')).toBeVisible();
  await shootScreen(page, 'proveedores-historial');

  // The Dashboard's «Reponer»: the dialog opens with the product and the supplier it last came from.
  await page.goto(`/proveedores?reponer=${low}`);
  await expect(dialog).toBeVisible();
  await expect(line(page, 1).getByLabel('Producto')).toHaveValue(low);
  await expect(dialog.getByLabel('Proveedor')).toHaveValue(saved!.id);
  await expect(line(page, 1).getByLabel('Costo unitario')).toHaveValue('');
  await shootScreen(page, 'proveedores-reposicion', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).not.toHaveURL(/reponer=/);
  await page.getByRole('tab', { name: 'Proveedores' }).click();
  await shootScreen(page, 'proveedores');
});

test('Sofía (finanzas) ve el costo en el historial y el último costo al reponer', async ({ page, own }) => {
  const tag = own.tag.toUpperCase();
  const sku = `SUP-${tag}-F`;
  const product = await makeProduct(own, sku, `Caléndula ${tag}`, 1);
  await openAs(page, personas.superFinance, '/proveedores');
  await expect(page.getByRole('heading', { level: 1, name: 'Proveedores' })).toBeVisible();
  // A restock registered by Sofía herself, through the database function the dialog calls.
  const supplier = await withDb(
    async (db) => (await db.query<{ id: string }>(`insert into public.suppliers (name) values ($1) returning id`, [`Flores ${tag}`])).rows[0]!.id,
  );
  await asPerson(
    personas.superFinance,
    `select public.register_restock($1, jsonb_build_array(jsonb_build_object('product_id', $2::uuid, 'quantity', 4, 'unit_cost', 6750)), $3)`,
    [supplier, product, `Remisión ${tag}`],
  );
  suppliers.push(supplier);

  await page.goto(`/proveedores?vista=historial&proveedor=${supplier}`);
  const card = page.getByRole('listitem').filter({ hasText: `Remisión ${tag}` });
  await expect(card.getByRole('columnheader', { name: 'Costo unitario' })).toBeVisible();
  await expect(card.getByRole('row', { name: new RegExp(`Caléndula ${tag}`) })).toContainText(/6\.750/);
  await expect(card).toContainText(/Costo total: \D*27\.000/);
  await expect(card.getByRole('row', { name: new RegExp(`Caléndula ${tag}`) })).toContainText('1 → 5');

  // Still low (5 ≤ the threshold): «Reponer» from the suggestion brings the last cost for finance.
  await page.goto(`/proveedores?reponer=${product}`);
  const dialog = page.getByRole('dialog', { name: 'Registrar reposición' });
  await expect(line(page, 1).getByLabel('Producto')).toHaveValue(product);
  await expect(dialog.getByLabel('Proveedor')).toHaveValue(supplier);
  await expect(line(page, 1).getByLabel('Costo unitario')).toHaveValue('6750');
});
