// Aprobaciones (/aprobaciones): the queue, the sale under review with what approving it writes, and
// the approve and reject dialogs, as the specs that decide a sale use them.
import { expect, type Locator, type Page } from '@playwright/test';
import { formatPoints } from '../../../src/lib/format/format';
import { one } from '../db';
import { openAs } from '../session';
import { personas } from '../support';
import { mainNav, navLink } from './shell';

export const PENDING = `status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')`;
const PAGE_SIZE = 20;

export interface SaleRef {
  id: string;
  sale_no: number;
}

/** The page of the queue (oldest first) the sale is on now, as the queue's own link would open it. */
export async function queuePage(saleId: string) {
  const { ahead } = await one<{ ahead: string }>(
    `select count(*) as ahead from public.sales s, public.sales me where me.id = $1 and s.${PENDING} and (s.created_at, s.id) < (me.created_at, me.id)`,
    [saleId],
  );
  return Math.floor(Number(ahead) / PAGE_SIZE) + 1;
}

export function approvals(page: Page) {
  const review = page.getByTestId('sale-review');
  const heading = review.getByRole('heading', { level: 2 });
  const queue = page.getByRole('list', { name: 'Cola de aprobación' });
  return {
    review,
    heading,
    queue,
    /** The sale's link in the queue. */
    queueLink: (sale: SaleRef) => queue.getByRole('link', { name: new RegExp(`#${formatPoints(sale.sale_no)}\\b`) }),

    /** Opens the sale in the queue, signed in as `who` (Laura by default). */
    async open(sale: SaleRef, who: string = personas.admin) {
      await openAs(page, who, `/aprobaciones?pagina=${await queuePage(sale.id)}&venta=${sale.id}`);
      await expect(heading).toContainText(`#${formatPoints(sale.sale_no)}`);
    },

    /** The dialog «¿Aprobar la venta #n?», opened with the review's button. */
    async openApprove(sale: SaleRef) {
      await review.getByRole('button', { name: 'Aprobar' }).click();
      return page.getByRole('alertdialog', { name: `¿Aprobar la venta #${formatPoints(sale.sale_no)}?` });
    },

    /** Approves it through its dialog and waits for the toast that says so. */
    async approve(sale: SaleRef) {
      const dialog = await this.openApprove(sale);
      await dialog.getByRole('button', { name: 'Aprobar' }).click();
      await expect(page.getByText(new RegExp(`^Venta #${formatPoints(sale.sale_no)} aprobada`))).toBeVisible();
    },

    /** The ids of the queue's page as it is on screen, in its order. */
    async queueIds(): Promise<string[]> {
      const hrefs = await queue.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      return hrefs.map((href) => new URL(href, 'http://x').searchParams.get('venta') ?? '');
    },

    /** The navigation's count of sales waiting, as its badge and its description say it. */
    async expectNavCount(n: number) {
      await expect(navLink(page, 'Aprobaciones')).toHaveAccessibleDescription(`${n} ${n === 1 ? 'pendiente' : 'pendientes'}`);
      await expect(mainNav(page).getByTestId('nav-count')).toHaveText(formatPoints(n));
    },
  };
}

/** A preview as a list shows it, «who | what | how much», sorted: the panel's or the dialog's. */
export async function previewLines(list: Locator) {
  const lines = list.getByRole('listitem');
  await expect(lines.first()).toBeVisible();
  const seen: string[] = [];
  for (const line of await lines.all()) {
    const part = (name: string) => line.locator(`[data-part="${name}"]`).innerText();
    seen.push(`${await part('beneficiary')} | ${await part('type')} | ${await part('value')}`);
  }
  return seen.sort();
}
