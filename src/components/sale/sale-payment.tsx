// How a sale was paid: method, reference and the voucher (through a short-lived signed link), as
// Ventas' sale and Mis Pedidos' order show them, each in its own words.
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import type { Sale } from '@/api/sales/sales-api';
import { BUCKETS } from '@/api/storage/storage-api';
import { storageQueries } from '@/api/storage/storage-queries';
import { Skeleton } from '@/components/ui/skeleton';
import { paymentMethodLabels } from '@/lib/data/domain';

export interface SalePaymentWords {
  method: string;
  reference: string;
  voucherLabel: string;
  none: string;
  noVoucher: string;
  viewVoucher: string;
  voucherOf: (saleNo: string) => string;
  voucherFailed: string;
}

type PaidSale = Pick<Sale, 'sale_no' | 'payment_method' | 'payment_reference' | 'voucher_path'>;

/** `voucherNote`: said instead of the voucher when it is in someone else's folder, which Storage does not let this person read. */
export function SalePayment({ sale: s, words, voucherNote }: { sale: PaidSale; words: SalePaymentWords; voucherNote?: string }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      <dt className="text-muted-foreground">{words.method}</dt>
      <dd>{s.payment_method ? paymentMethodLabels[s.payment_method] : words.none}</dd>
      <dt className="text-muted-foreground">{words.reference}</dt>
      <dd className="break-all">{s.payment_reference ?? words.none}</dd>
      <dt className="text-muted-foreground">{words.voucherLabel}</dt>
      <dd>
        {!s.voucher_path ? (
          words.noVoucher
        ) : voucherNote ? (
          <span className="text-muted-foreground">{voucherNote}</span>
        ) : (
          <Voucher path={s.voucher_path} saleNo={s.sale_no} words={words} />
        )}
      </dd>
    </dl>
  );
}

const IMAGE_PATH = /\.(jpe?g|png|webp)$/i;

/** A thumbnail for a photo, a link for a PDF. */
function Voucher({ path, saleNo, words }: { path: string; saleNo: number; words: SalePaymentWords }) {
  const url = useQuery(storageQueries.signedUrl(BUCKETS.vouchers, path));
  if (url.isPending) return <Skeleton className="h-16 w-24" />;
  if (url.isError) return <span className="text-tone-red-foreground">{words.voucherFailed}</span>;
  const label = words.voucherOf(String(saleNo));
  return (
    <a href={url.data} target="_blank" rel="noreferrer" className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline">
      {IMAGE_PATH.test(path) ? (
        <img src={url.data} alt={label} className="h-16 max-w-24 rounded-md border object-cover" />
      ) : (
        <FileText className="size-5" aria-hidden="true" />
      )}
      <span>{words.viewVoucher}</span>
    </a>
  );
}
