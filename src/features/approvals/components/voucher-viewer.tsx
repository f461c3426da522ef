// The payment voucher, through a short-lived signed URL: an image opens in a dialog where it can be
// zoomed (to read a reference or an amount); a PDF is shown in the dialog or opened in a new tab.
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, FileText, Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { storageQueries } from '@/api/storage/storage-queries';
import { BUCKETS } from '@/api/storage/storage-api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatPercent } from '@/lib/format/format';
import { approvalMessages as m } from '../messages';

const ZOOMS = [1, 1.5, 2, 3, 4] as const;

const isPdf = (path: string) => path.toLowerCase().endsWith('.pdf');

export function VoucherViewer({ path, saleNo }: { path: string; saleNo: number }) {
  const url = useQuery(storageQueries.signedUrl(BUCKETS.vouchers, path));
  // The link the open PDF was loaded from: the renewed one every few minutes would reload it under the reader.
  const [shownPdf, setShownPdf] = useState<string>();
  const no = formatCount(saleNo);
  if (url.isPending) return <Skeleton className="h-40 w-full max-w-xs" />;
  if (url.isError) return <ErrorState className="py-4" title={m.voucherFailed} error={url.error} onRetry={() => url.refetch()} retrying={url.isFetching} />;
  const openInTab = (
    <Button variant="outline" size="sm" asChild>
      <a href={url.data} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden="true" />
        {m.openInTab}
      </a>
    </Button>
  );

  if (isPdf(path)) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-2 text-sm font-medium">
          <FileText className="size-5 text-muted-foreground" aria-hidden="true" />
          {m.voucherPdf}
        </span>
        <Dialog onOpenChange={(open) => setShownPdf(open ? url.data : undefined)}>
          <DialogTrigger asChild>
            <Button variant="outline" size="sm">
              <Maximize2 aria-hidden="true" />
              {m.viewVoucher}
            </Button>
          </DialogTrigger>
          <DialogContent className="max-w-4xl">
            <DialogHeader>
              <DialogTitle>{m.voucherImageAlt(no)}</DialogTitle>
              <DialogDescription>{m.voucherPdf}</DialogDescription>
            </DialogHeader>
            <iframe src={shownPdf ?? url.data} title={m.voucherImageAlt(no)} className="h-[70dvh] w-full rounded-md border bg-muted" />
            <div className="flex justify-end">{openInTab}</div>
          </DialogContent>
        </Dialog>
        {openInTab}
      </div>
    );
  }

  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          aria-label={`${m.viewVoucher} (${m.voucherImageAlt(no)})`}
          className="group relative block cursor-zoom-in overflow-hidden rounded-lg border bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <img src={url.data} alt="" className="max-h-56 w-auto max-w-full object-contain" />
          <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-md bg-background/90 px-2 py-1 text-xs font-medium shadow-sm">
            <ZoomIn className="size-3.5" aria-hidden="true" />
            {m.viewVoucher}
          </span>
        </button>
      </DialogTrigger>
      <DialogContent className="max-w-5xl">
        <ZoomableVoucher url={url.data} title={m.voucherImageAlt(no)} openInTab={openInTab} />
      </DialogContent>
    </Dialog>
  );
}

function ZoomableVoucher({ url, title, openInTab }: { url: string; title: string; openInTab: ReactNode }) {
  const [level, setLevel] = useState(0);
  const zoom = ZOOMS[level] ?? 1;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="sr-only">{m.zoomLevel(formatPercent(zoom))}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="icon" aria-label={m.zoomOut} disabled={level === 0} onClick={() => setLevel((l) => Math.max(0, l - 1))}>
          <ZoomOut aria-hidden="true" />
        </Button>
        <span className="min-w-14 text-center text-sm tabular-nums" aria-live="polite">
          {formatPercent(zoom)}
        </span>
        <Button
          variant="outline"
          size="icon"
          aria-label={m.zoomIn}
          disabled={level === ZOOMS.length - 1}
          onClick={() => setLevel((l) => Math.min(ZOOMS.length - 1, l + 1))}
        >
          <ZoomIn aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="sm" disabled={level === 0} onClick={() => setLevel(0)}>
          {m.zoomReset}
        </Button>
        <div className="ml-auto">{openInTab}</div>
      </div>
      {/* Scrollable, and reachable by keyboard to scroll a zoomed image. */}
      <div className="max-h-[65dvh] overflow-auto rounded-md border bg-muted" tabIndex={0} role="region" aria-label={title}>
        <img
          src={url}
          alt={title}
          style={{ width: `${zoom * 100}%` }}
          className="block h-auto max-w-none cursor-zoom-in"
          onClick={() => setLevel((l) => (l + 1) % ZOOMS.length)}
        />
      </div>
    </>
  );
}
