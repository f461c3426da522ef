// What must stop an approver before «Aprobar»: fraud signs (the same payment reference or voucher
// file on another sale), units the stock lacks, doubts about the person to enrol, and the reminder
// to look at the bank. All of it comes from get_sale_checks; nothing is guessed in the browser.
import { Landmark, PackageX, ShieldAlert, UserRoundX } from 'lucide-react';
import { Link } from 'react-router';
import type { OtherSale, SaleChecks, SaleWithLines, VoucherNote } from '@/api/sales/sales-api';
import { paths } from '@/config/paths';
import { PENDING_SALE_STATUSES } from '@/lib/data/domain';
import { useFormat } from '@/lib/format/use-format';
import { approvalMessages as m } from '../messages';
import { shortLines } from '../stock';
import { Callout } from './panel';

export function FraudSigns({
  sale,
  checks,
  note,
  linkTo,
}: {
  sale: SaleWithLines;
  checks: SaleChecks;
  /** The amount staff read on the voucher, compared by the database. */
  note: VoucherNote | undefined;
  linkTo: (id: string) => string;
}) {
  const f = useFormat();
  const { reference_reuse: byReference, voucher_reuse: byVoucher } = checks;
  const mismatch = note && !note.matches ? note : null;
  if (byReference.length === 0 && byVoucher.length === 0 && !mismatch) return null;
  return (
    <Callout tone="danger" icon={<ShieldAlert aria-hidden="true" />} title={m.fraudTitle} testId="fraud-signs">
      {mismatch && (
        <p data-testid="voucher-amount-mismatch">
          <span className="font-medium">
            {m.voucherAmountMismatch(f.money(mismatch.amount), f.money(mismatch.sale_total), f.money(Math.abs(mismatch.difference)), mismatch.difference > 0)}
          </span>{' '}
          {m.voucherAmountMismatchBy(mismatch.noted_by_email ?? m.none, f.dateTime(mismatch.noted_at))}
        </p>
      )}
      {byReference.length > 0 && (
        <div>
          <p>{m.referenceReuse(sale.payment_reference ?? '')}</p>
          <OtherSales sales={byReference} linkTo={linkTo} />
        </div>
      )}
      {byVoucher.length > 0 && (
        <div>
          <p>{m.voucherReuse}</p>
          <OtherSales sales={byVoucher} linkTo={linkTo} />
        </div>
      )}
    </Callout>
  );
}

function OtherSales({ sales, linkTo }: { sales: OtherSale[]; linkTo: (id: string) => string }) {
  const f = useFormat();
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-5">
      {sales.map((other) => {
        const pending = (PENDING_SALE_STATUSES as readonly string[]).includes(other.status);
        // A pending one is in this very queue; any other is in Ventas.
        const to = pending ? { search: linkTo(other.sale_id) } : { pathname: paths.sales, search: `?venta=${other.sale_id}` };
        return (
          <li key={other.sale_id}>
            <Link to={to} className="font-semibold underline underline-offset-2 hover:no-underline">
              {m.otherSale(f.count(other.sale_no))}
            </Link>{' '}
            {m.otherSaleOf(other.client_name, other.status, f.date(other.created_at))}
          </li>
        );
      })}
    </ul>
  );
}

export function StockShortfall({ checks }: { checks: SaleChecks }) {
  const f = useFormat();
  const lines = shortLines(checks);
  if (lines.length === 0) return null;
  return (
    <Callout tone="danger" icon={<PackageX aria-hidden="true" />} title={m.stockTitle} testId="stock-shortfall">
      <ul className="list-disc space-y-0.5 pl-5">
        {lines.map((line) => (
          <li key={line.product_id}>{line.active ? m.stockShort(line.name, f.count(line.needed), f.count(line.stock)) : m.stockWithdrawn(line.name)}</li>
        ))}
      </ul>
      <p>{m.stockHint}</p>
    </Callout>
  );
}

export function EnrolmentWarnings({ checks }: { checks: SaleChecks }) {
  const f = useFormat();
  const enrolment = checks.enrolment;
  if (!enrolment) return null;
  const changed = enrolment.email_check;
  const warnings = [
    changed && (
      <p key="email-check" data-testid="email-check" className="font-medium">
        {changed.set_by_me ? m.emailChangedByMe(f.date(changed.set_at)) : m.emailChangedBy(changed.set_by_email ?? m.none, f.date(changed.set_at))}
      </p>
    ),
    enrolment.email_is_staff && <p key="staff">{m.emailIsStaff}</p>,
    enrolment.earlier_attempts > 0 && <p key="attempts">{m.earlierAttempts(enrolment.earlier_attempts)}</p>,
    enrolment.document_reuse.length > 0 && (
      <div key="document">
        <p>{m.documentReuse(enrolment.document_number ?? '')}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {enrolment.document_reuse.map((other) => (
            <li key={other.client_id}>
              {other.name} ({m.enrolmentStatus[other.status] ?? other.status})
            </li>
          ))}
        </ul>
      </div>
    ),
  ].filter(Boolean);
  if (warnings.length === 0) return null;
  return (
    <Callout tone="warning" icon={<UserRoundX aria-hidden="true" />} title={m.enrolmentTitle} testId="enrolment-warnings">
      {warnings}
    </Callout>
  );
}

export function BankReminder({ sale }: { sale: SaleWithLines }) {
  const f = useFormat();
  return (
    <Callout tone="info" icon={<Landmark aria-hidden="true" />} testId="bank-reminder">
      <p>{m.bankReminder(f.money(sale.total), sale.payment_reference)}</p>
    </Callout>
  );
}
