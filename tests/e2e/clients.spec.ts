// Clientes as Laura (admin): find a member with accents and odd characters in the search, filter and
// page the list, open the record, edit the phone (refused first at the field, then saved: the
// database and the audit trail say so), and open a couple of tabs. The member and their enroller
// are each test's own.
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import type { Own } from './own';
import { openAs } from './session';
import { personas, withDb } from './support';

const PHONE = '+57 300 777 0001';

/** Ñoño, with an apostrophe, % and _ in the name, in Bogotá, under Marta. */
async function nono(own: Own) {
  const marta = await own.member({ name: `Marta Enroladora ${own.tag}` });
  const name = `Ñoño O'Brien-100%_${own.tag}`;
  const member = await own.member({
    name,
    email: `cli.nono.${own.tag}@savia.test`,
    phone: PHONE,
    city: 'Bogotá',
    document: `CC 9${parseInt(own.tag.slice(0, 6), 16)}`,
    enroller: marta.id,
  });
  return { ...member, enroller: marta.name };
}

test('buscar con tildes y caracteres raros, filtrar, paginar y abrir la ficha', async ({ page, own }) => {
  const member = await nono(own);
  await openAs(page, personas.admin, '/clientes');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  const list = page.getByRole('table', { name: 'Miembros' });
  await expect(list.getByRole('row').nth(1)).toBeVisible();

  // Pages on the server, in the URL.
  await page.getByRole('button', { name: 'Página siguiente' }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(page.getByText(/Página 2 de/)).toBeVisible();
  await expectAccessible(page, 'Clientes');

  // Accents, capitals, an apostrophe, % and _ in the search: found as typed, without wildcards.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(`  NOÑO o'brien-100%_${own.tag.toUpperCase()} `);
  const link = list.getByRole('link', { name: member.name });
  await expect(link).toBeVisible();
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByText('1 resultado')).toBeVisible();

  // Filters narrow it: the right ones keep it, «Activos» (this month) leaves nothing.
  await page.getByRole('combobox', { name: 'Nivel' }).selectOption('1');
  await page.getByRole('combobox', { name: 'Enrolamiento' }).selectOption('registered');
  await page.getByRole('textbox', { name: 'Ciudad' }).fill('BOGOTA');
  await expect(page).toHaveURL(/ciudad=BOGOTA/);
  await expect(link).toBeVisible();
  await page.getByRole('combobox', { name: 'Actividad del mes' }).selectOption('si');
  await expect(page.getByRole('button', { name: 'Quitar filtros' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Actividad del mes' }).selectOption('');
  await shootScreen(page, 'clientes');

  // Its row opens the record.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/clientes/${member.id}`));
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
});

test('la ficha: cambiar el teléfono (primero rechazado en el campo), la bitácora y las pestañas', async ({ page, own }) => {
  const member = await nono(own);
  await openAs(page, personas.admin, `/clientes/${member.id}`);
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  await expect(page.getByTestId('client-enroller')).toHaveText(new RegExp(member.enroller));
  await expect(page.getByTestId('client-phone')).toHaveText(PHONE);

  // A phone with letters: the database's sentence at the field, nothing saved.
  await page.getByRole('button', { name: 'Editar datos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar datos del miembro' });
  await dialog.getByLabel('Teléfono').fill('llámame');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog.getByText('El teléfono debe tener entre 7 y 15 dígitos; puede llevar +, espacios, guiones y paréntesis.')).toBeVisible();
  await expect(dialog.getByLabel('Teléfono')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'Editar datos del miembro');

  // A valid one is saved, shown, stored and audited.
  await dialog.getByLabel('Teléfono').fill('+57 311 222 3344');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Datos del miembro guardados.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('client-phone')).toHaveText('+57 311 222 3344');
  const [stored] = await withDb(async (db) => (await db.query<{ phone: string }>('select phone from public.clients where id = $1', [member.id])).rows);
  expect(stored!.phone).toBe('+57 311 222 3344');

  await page.getByRole('tab', { name: 'Bitácora' }).click();
  await expect(page).toHaveURL(/tab=bitacora/);
  const change = page.getByTestId('audit-entry').first();
  await expect(change).toContainText('laura.admin@savia.test');
  await expect(change).toContainText(`Teléfono: ${PHONE} → +57 311 222 3344`);

  await page.getByRole('tab', { name: 'Pedidos' }).click();
  await expect(page.getByText('Aún no tiene pedidos')).toBeVisible();
  await page.getByRole('tab', { name: '¿Por qué no cobró?' }).click();
  await expect(page).toHaveURL(/tab=por-que-no-cobro/);
  await page.getByRole('tab', { name: 'Red' }).click();
  await expect(page.getByText('No tiene personas en su red este mes')).toBeVisible();
  await expectAccessible(page, 'Ficha del miembro');
  await shootScreen(page, 'clientes-ficha');
});
