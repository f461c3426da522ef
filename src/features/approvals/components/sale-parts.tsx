// Who the sale is for, what it carries and how it was paid.
import type { ReactNode } from 'react';
import type { SaleChecks, SaleWithLines } from '@/api/sales/sales-api';
import { paymentMethodLabels } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import { approvalMessages as m } from '../messages';
import { Facts, Panel } from './panel';
import { VoucherViewer } from './voucher-viewer';

const orNone = (value: string | null | undefined) => (value ? value : <span className="text-muted-foreground">{m.none}</span>);

export function WhoPanel({ sale, checks }: { sale: SaleWithLines; checks: SaleChecks | undefined }) {
  const client = sale.client;
  const enrolment = sale.kind === 'enrollment';
  const enroller = checks?.enrolment?.enroller_name;
  return (
    <Panel title={enrolment ? m.personToEnrol : m.member}>
      <p className="mb-3 text-base font-medium">{client?.name ?? m.none}</p>
      {enrolment && enroller && <p className="-mt-2 mb-3 text-sm text-muted-foreground">{m.enrolledBy(enroller)}</p>}
      <Facts
        items={[
          { label: m.email, value: orNone(client?.email) },
          { label: m.phone, value: orNone(client?.phone) },
          { label: m.document, value: orNone(client?.document_number) },
          { label: m.city, value: orNone(client?.city) },
          { label: m.address, value: orNone(sale.delivery_address ?? client?.address) },
          ...(sale.notes ? [{ label: m.notes, value: sale.notes }] : []),
        ]}
      />
    </Panel>
  );
}

export function LinesPanel({ sale, checks }: { sale: SaleWithLines; checks: SaleChecks | undefined }) {
  const f = useFormat();
  const stockOf = new Map((checks?.stock ?? []).map((line) => [line.product_id, line]));
  return (
    <Panel title={m.lines} aside={<span className="text-sm text-muted-foreground">{m.pointsUnit(f.points(sale.points_total))}</span>}>
      <div className="-mx-1 overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{m.lines}</caption>
          <thead>
            <tr className="border-b text-left text-xs text-muted-foreground">
              <th scope="col" className="px-1 py-2 font-medium">
                {m.product}
              </th>
              <th scope="col" className="px-1 py-2 text-right font-medium">
                {m.quantity}
              </th>
              <th scope="col" className="hidden px-1 py-2 text-right font-medium sm:table-cell">
                {m.unitPrice}
              </th>
              <th scope="col" className="px-1 py-2 text-right font-medium">
                {m.lineTotal}
              </th>
            </tr>
          </thead>
          <tbody>
            {sale.lines.map((line) => {
              const stock = stockOf.get(line.product_id);
              const short = stock && (stock.short > 0 || !stock.active);
              return (
                <tr key={line.product_id} className="border-b last:border-b-0" data-short={short || undefined}>
                  <td className="px-1 py-2 align-top">
                    <span className="font-medium">{line.product_name}</span>
                    <span className={cn('block text-xs', short ? 'font-medium text-tone-red-foreground' : 'text-muted-foreground')}>
                      {stock && !stock.active
                        ? m.withdrawn
                        : stock
                          ? `${m.stockNow}: ${f.count(stock.stock)}${stock.short > 0 ? ` · ${m.shortBy(f.count(stock.short))}` : ''}`
                          : line.stock !== null
                            ? `${m.stockNow}: ${f.count(line.stock)}`
                            : null}
                    </span>
                  </td>
                  <td className="px-1 py-2 text-right align-top tabular-nums">{f.count(line.quantity)}</td>
                  <td className="hidden px-1 py-2 text-right align-top tabular-nums sm:table-cell">{f.money(line.unit_price)}</td>
                  <td className="px-1 py-2 text-right align-top tabular-nums">{f.money(line.line_total)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="border-t">
              <th scope="row" colSpan={2} className="px-1 pt-3 text-left font-semibold sm:hidden">
                {m.total}
              </th>
              <th scope="row" colSpan={3} className="hidden px-1 pt-3 text-left font-semibold sm:table-cell">
                {m.total}
              </th>
              <td className="px-1 pt-3 text-right text-base font-semibold tabular-nums" data-testid="sale-total">
                {f.money(sale.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </Panel>
  );
}

/** `children`: what the approver adds about the payment (the amount read on the voucher). */
export function PaymentPanel({ sale, children }: { sale: SaleWithLines; children?: ReactNode }) {
  return (
    <Panel title={m.payment}>
      <Facts
        items={[
          { label: m.method, value: sale.payment_method ? paymentMethodLabels[sale.payment_method] : orNone(null) },
          {
            label: m.reference,
            value: sale.payment_reference ? (
              <span className="font-mono">{sale.payment_reference}</span>
            ) : (
              <span className="text-muted-foreground">{m.noReference}</span>
            ),
          },
        ]}
      />
      <div className="mt-4">
        <p className="mb-2 text-sm text-muted-foreground">{m.voucher}</p>
        {sale.voucher_path ? <VoucherViewer path={sale.voucher_path} saleNo={sale.sale_no} /> : <p className="text-sm">{m.noVoucher}</p>}
      </div>
      {children}
    </Panel>
  );
}
