import { Copy, ExternalLink, Globe, MessageCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useAppSettings } from '@/lib/data/app-settings';
import { notify } from '@/lib/feedback/notify';
import { accountMessages as m } from '../messages';
import { publicPageUrl } from '../public-page-url';
import { PublicPageQr } from './public-page-qr';

export function PublicPageCard({ slug }: { slug: string | null }) {
  const settings = useAppSettings();
  return (
    <Card data-testid="public-page-card">
      <CardHeader className="pb-4">
        <CardTitle>
          <h2>{m.pageTitle}</h2>
        </CardTitle>
        {slug && <CardDescription>{m.pageDescription}</CardDescription>}
      </CardHeader>
      <CardContent>
        {slug ? (
          <PageLink url={publicPageUrl(slug)} company={settings.company_name} />
        ) : (
          <NoPage company={settings.company_name} contact={settings.contact_info} />
        )}
      </CardContent>
    </Card>
  );
}

function PageLink({ url, company }: { url: string; company: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(m.copied);
    } catch {
      notify.error(m.copyFailed);
    }
  };
  const whatsApp = `https://wa.me/?text=${encodeURIComponent(m.whatsAppText(company, url))}`;
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <p className="text-sm text-muted-foreground" id="public-page-address">
          {m.pageAddress}
        </p>
        <p
          aria-labelledby="public-page-address"
          className="rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm wrap-anywhere"
          data-testid="public-page-url"
        >
          {/* On a phone the address breaks after «/p/», not inside the name. */}
          {url.slice(0, url.lastIndexOf('/') + 1)}
          <wbr />
          {url.slice(url.lastIndexOf('/') + 1)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {m.copyLink}
          </Button>
          <Button asChild variant="outline">
            <a href={whatsApp} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" />
              {m.shareWhatsApp}
            </a>
          </Button>
          <Button asChild variant="ghost">
            <a href={url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {m.openPage}
            </a>
          </Button>
        </div>
      </div>
      <div className="self-center sm:self-start">
        <PublicPageQr url={url} />
      </div>
    </div>
  );
}

function NoPage({ company, contact }: { company: string; contact: string }) {
  return (
    <EmptyState
      icon={Globe}
      title={m.noSlugTitle}
      className="py-4"
      description={
        <>
          {m.noSlugText(company)}
          <span className="mt-1 block whitespace-pre-line">{contact}</span>
        </>
      }
    />
  );
}
