// The «Comprobante de venta» as a pdfmake document: a receipt of what was sold and paid, not a tax
// invoice (it says so). Pure, so it is tested without pdfmake; the amounts are the database's,
// formatted exactly as on screen (the same formatters, the settings' currency and time zone).
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Sale, SaleLineDetail } from '@/api/sales/sales-api';
import type { AppSettings } from '@/lib/data/app-settings';
import { paymentMethodLabels, saleKindLabels } from '@/lib/data/domain';
import type { Formatters } from '@/lib/format/format';
import { paymentLines } from './receipt-text';

export const RECEIPT_TITLE = 'Comprobante de venta';
export const WALK_IN = 'Cliente sin membresía';
export const NOT_AN_INVOICE = 'Este comprobante no es una factura: resume tu pedido y su pago.';

export interface ReceiptInput {
  sale: Sale;
  lines: SaleLineDetail[];
  settings: Pick<AppSettings, 'company_name' | 'contact_info' | 'payment_details'>;
  /** Who bought: a member, or a direct sale's walk-in buyer (not a member), said so under the name. */
  member: { name: string; email: string | null; document_number: string | null; phone?: string | null; walkIn?: boolean };
  f: Formatters;
  /** When it is generated (default now). */
  now?: Date;
}

const MUTED = '#5b6660';
const RULE = '#d5dbd7';
const GREEN = '#0f7a3d';

const labelled = (label: string, value: string): Content => ({ text: [{ text: `${label}: `, color: MUTED }, value], margin: [0, 0, 0, 2] });

export function buildReceipt({ sale, lines, settings, member, f, now = new Date() }: ReceiptInput): TDocumentDefinitions {
  const none = '—';
  const header: Content = {
    columns: [
      {
        width: '*',
        stack: [
          { text: settings.company_name, style: 'company' },
          ...paymentLines(settings.contact_info).map((line) => ({ text: line, color: MUTED, fontSize: 9 })),
        ],
      },
      {
        width: 'auto',
        alignment: 'right',
        stack: [
          { text: RECEIPT_TITLE, style: 'title' },
          { text: `N.º ${sale.sale_no}`, bold: true, fontSize: 12 },
          { text: f.dateTime(sale.created_at), color: MUTED, fontSize: 9 },
          { text: `Estado: ${sale.status}`, fontSize: 9, margin: [0, 2, 0, 0] },
        ],
      },
    ],
  };

  const table: Content = {
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', 'auto', 'auto'],
      body: [
        [
          { text: 'Producto', style: 'th' },
          { text: 'Cant.', style: 'th', alignment: 'right' },
          { text: 'Precio', style: 'th', alignment: 'right' },
          { text: 'Puntos', style: 'th', alignment: 'right' },
          { text: 'Subtotal', style: 'th', alignment: 'right' },
        ],
        ...lines.map((l) => [
          { text: l.name },
          { text: f.count(l.quantity), alignment: 'right' as const },
          { text: f.money(l.unit_price), alignment: 'right' as const },
          { text: f.points(l.line_points), alignment: 'right' as const },
          { text: f.money(l.line_total), alignment: 'right' as const },
        ]),
      ],
    },
    layout: {
      hLineWidth: (i: number) => (i === 1 ? 1 : 0.5),
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingTop: () => 5,
      paddingBottom: () => 5,
    },
    margin: [0, 16, 0, 8],
  };

  const totals: Content = {
    columns: [
      { width: '*', text: '' },
      {
        width: 'auto',
        table: {
          widths: ['auto', 'auto'],
          body: [
            [
              { text: 'Total', bold: true },
              { text: f.money(sale.total), bold: true, alignment: 'right', fontSize: 12 },
            ],
            [
              { text: 'Puntos', color: MUTED },
              { text: f.points(sale.points_total), alignment: 'right', color: MUTED },
            ],
          ],
        },
        layout: 'noBorders',
      },
    ],
  };

  const details = paymentLines(settings.payment_details);
  return {
    info: { title: `${RECEIPT_TITLE} N.º ${sale.sale_no}`, author: settings.company_name, subject: RECEIPT_TITLE },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 56],
    defaultStyle: { fontSize: 10, lineHeight: 1.2 },
    styles: {
      company: { fontSize: 16, bold: true, color: GREEN, margin: [0, 0, 0, 2] },
      title: { fontSize: 14, bold: true, margin: [0, 0, 0, 2] },
      h: { fontSize: 11, bold: true, margin: [0, 14, 0, 4] },
      th: { bold: true, color: MUTED, fontSize: 9 },
    },
    content: [
      header,
      { canvas: [{ type: 'line', x1: 0, y1: 8, x2: 515, y2: 8, lineWidth: 0.5, lineColor: RULE }] },
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: sale.kind === 'enrollment' ? 'Enrolado por' : 'Cliente', style: 'h' },
              { text: member.name, bold: true },
              ...(member.walkIn ? [{ text: WALK_IN, color: MUTED, margin: [0, 0, 0, 2] } satisfies Content] : []),
              ...(member.document_number ? [labelled('Documento', member.document_number)] : []),
              ...(member.phone ? [labelled('Teléfono', member.phone)] : []),
              ...(member.email ? [labelled('Correo', member.email)] : []),
              ...(sale.delivery_address ? [labelled('Entrega', sale.delivery_address)] : []),
            ],
          },
          {
            width: '*',
            stack: [
              { text: 'Pago', style: 'h' },
              labelled('Tipo', saleKindLabels[sale.kind]),
              labelled('Medio de pago', sale.payment_method ? paymentMethodLabels[sale.payment_method] : none),
              labelled('Referencia', sale.payment_reference ?? none),
              ...(sale.approved_at ? [labelled('Aprobado', f.dateTime(sale.approved_at))] : []),
              ...(sale.delivered_at ? [labelled('Entregado', f.dateTime(sale.delivered_at))] : []),
            ],
          },
        ],
        columnGap: 24,
      },
      table,
      totals,
      ...(details.length
        ? [{ text: `Datos de pago de ${settings.company_name}`, style: 'h' } as Content, ...details.map((d) => ({ text: d, fontSize: 9 }) as Content)]
        : []),
      { text: NOT_AN_INVOICE, color: MUTED, fontSize: 9, italics: true, margin: [0, 18, 0, 0] },
    ],
    footer: (page: number, pages: number) => ({
      columns: [
        { text: `Generado el ${f.dateTime(now)}`, color: MUTED, fontSize: 8 },
        { text: `Página ${page} de ${pages}`, color: MUTED, fontSize: 8, alignment: 'right' },
      ],
      margin: [40, 16, 40, 0],
    }),
  };
}
