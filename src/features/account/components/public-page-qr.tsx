import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { accountMessages as m } from '../messages';

type Qr = { url: string; svg: string } | { url: string; failed: true };

/**
 * The page's QR code. The QR library is imported here, when the card shows, in a chunk of its own:
 * it never weighs on the route's first load.
 */
export function PublicPageQr({ url }: { url: string }) {
  const [qr, setQr] = useState<Qr | null>(null);
  useEffect(() => {
    let live = true;
    import('uqr')
      .then(({ renderSVG }) => live && setQr({ url, svg: renderSVG(url, { ecc: 'M', border: 2 }) }))
      .catch(() => live && setQr({ url, failed: true }));
    return () => {
      live = false;
    };
  }, [url]);

  if (!qr || qr.url !== url) {
    return (
      <div role="status">
        <Skeleton className="size-40 rounded-lg" />
        <span className="sr-only">{m.qrLoading}</span>
      </div>
    );
  }
  if ('failed' in qr) return <p className="max-w-40 text-sm text-muted-foreground">{m.qrFailed}</p>;
  return (
    <div className="flex flex-col items-center gap-2">
      {/* Dark on white in both themes: scanners need the contrast. The SVG is the library's own drawing of the URL. */}
      <div
        role="img"
        aria-label={m.qrLabel}
        data-testid="public-page-qr"
        className="size-40 rounded-lg border bg-white p-1"
        dangerouslySetInnerHTML={{ __html: qr.svg }}
      />
      <Button asChild variant="ghost" size="sm">
        <a href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`} download="mi-pagina-savia-qr.svg">
          <Download aria-hidden="true" />
          {m.downloadQr}
        </a>
      </Button>
    </div>
  );
}
