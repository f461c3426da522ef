import { useQuery } from '@tanstack/react-query';
import { ShoppingBasket } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { catalogueQueries } from '@/api/catalogue/catalogue-queries';
import type { Sale } from '@/api/sales/sales-api';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, routeLabel } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';
import type { DbError } from '@/lib/data/db';
import { useTableSearch } from '@/lib/url/table-search';
import { useFormat } from '@/lib/format/use-format';
import { orderItems } from '../cart/cart-lines';
import { useCart } from '../cart/cart-store';
import { marksFromError, marksFromPreview, mergeMarks, NO_MARKS } from '../cart/line-marks';
import { readReorderNotice } from '../cart/reorder-state';
import { ReorderNotice } from '../components/reorder-notice';
import { CartPanel, CheckoutButton } from '../components/cart-panel';
import { Catalogue } from '../components/catalogue';
import { OrderConfirmation } from '../components/order-confirmation';
import { orderMessages as m } from '../messages';
import { CATALOGUE_PAGE_SIZES, placeOrderSearch } from '../search-params';

const NOT_FILTERS = ['paso', 'confirmado'] as const;

// The checkout's form libraries (react-hook-form, the file picker's image resizing) are fetched once
// the cart has something in it, not with the catalogue: member routes have a first-load budget
// (bench/route-budgets.mjs).
const loadCheckout = () => import('../components/checkout-form');
const CheckoutForm = lazy(() => loadCheckout().then((mod) => ({ default: mod.CheckoutForm })));

function CheckoutSkeleton() {
  return (
    <Card aria-busy="true">
      <CardHeader>
        <Skeleton className="h-6 w-40" />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-24 w-full" />
        <span className="sr-only" role="status">
          Cargando…
        </span>
      </CardContent>
    </Card>
  );
}

export default function PlaceOrderPage() {
  const { user } = useSession();
  const profile = user?.clientProfile;
  return (
    <>
      <PageHeader title={routeLabel(paths.placeOrder)} />
      {profile ? (
        <PlaceOrder clientId={profile.id} defaultAddress={[profile.address, profile.city].filter(Boolean).join(', ')} />
      ) : (
        <ErrorState title="No encontramos tu ficha de miembro." />
      )}
    </>
  );
}

function PlaceOrder({ clientId, defaultAddress }: { clientId: string; defaultAddress: string }) {
  const f = useFormat();
  const { search, setSearch, setFilters, controls } = useTableSearch(placeOrderSearch, { pageSizes: CATALOGUE_PAGE_SIZES, notFilters: NOT_FILTERS });
  const cart = useCart(clientId);
  const items = useMemo(() => orderItems(cart.lines), [cart.lines]);
  const preview = useQuery(catalogueQueries.preview(items));
  const location = useLocation();
  const navigate = useNavigate();
  const notice = readReorderNotice(location.state);
  const [refusal, setRefusal] = useState<{
    error: DbError;
    at: number;
    items: typeof items;
  } | null>(null);
  const hasItems = cart.count > 0;
  useEffect(() => {
    if (hasItems) void loadCheckout();
  }, [hasItems]);

  // Which lines cannot be ordered as they are. A refusal marks its lines until the preview has
  // caught up with it (the order's refusal invalidates the preview, which then says the same).
  const marks = useMemo(() => {
    if (items.length === 0) return NO_MARKS;
    const current = preview.data && !preview.isPlaceholderData ? preview.data : undefined;
    const fromRefusal = refusal && refusal.items === items && !(preview.dataUpdatedAt > refusal.at) ? marksFromError(refusal.error, current) : NO_MARKS;
    const fromPreviewError = preview.isError ? marksFromError(preview.error) : NO_MARKS;
    return mergeMarks(fromRefusal, fromPreviewError, marksFromPreview(current));
  }, [items, preview.data, preview.isPlaceholderData, preview.isError, preview.error, preview.dataUpdatedAt, refusal]);

  const blockedBy = marks.size > 0 ? m.fixMarkedLines : preview.isError ? m.previewFailed : !preview.data || preview.isPlaceholderData ? m.pricing : null;

  if (search.confirmado) {
    return <OrderConfirmation saleId={search.confirmado} onNewOrder={() => setSearch({ confirmado: undefined })} />;
  }

  const paying = search.paso === 'pago' && cart.count > 0;
  const goTo = (paso: 'catalogo' | 'pago') => {
    setSearch({ paso });
    window.scrollTo({ top: 0 });
  };
  const placed = (sale: Sale) => {
    cart.clear();
    setRefusal(null);
    setSearch({ confirmado: sale.id, paso: 'catalogo' });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="grid items-start gap-6 pb-20 lg:grid-cols-[minmax(0,1fr)_22rem] lg:pb-0">
      <div className="min-w-0">
        {paying ? (
          <Suspense fallback={<CheckoutSkeleton />}>
            <CheckoutForm
              clientId={clientId}
              defaultAddress={defaultAddress}
              items={items}
              preview={preview.data && !preview.isPlaceholderData ? preview.data : undefined}
              blockedBy={blockedBy}
              onPlaced={placed}
              onRefused={(error) => setRefusal({ error, at: Date.now(), items })}
              onBack={() => goTo('catalogo')}
            />
          </Suspense>
        ) : (
          <Catalogue search={search.q} category={search.categoria} controls={controls} onFilters={setFilters} cart={cart} />
        )}
      </div>
      <aside id="carrito" aria-label={m.cartTitle} className="scroll-mt-20 lg:sticky lg:top-20">
        <CartPanel
          cart={cart}
          preview={preview}
          marks={marks}
          notice={notice && <ReorderNotice notice={notice} onClose={() => void navigate({ search: location.search }, { replace: true, state: null })} />}
          action={paying ? undefined : <CheckoutButton onClick={() => goTo('pago')} blockedBy={blockedBy} />}
        />
      </aside>
      {!paying && cart.count > 0 && (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t bg-background px-4 py-3 shadow-[0_-2px_8px_rgb(0_0_0/0.06)] lg:hidden">
          <a
            href="#carrito"
            className="flex items-center justify-between gap-3 rounded-md text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span className="flex items-center gap-2">
              <ShoppingBasket className="size-5 text-primary" aria-hidden="true" />
              {m.cartBar(cart.count)}
            </span>
            <span className="flex items-center gap-2">
              {preview.data && <span className="tabular-nums">{f.money(preview.data.total)}</span>}
              <span className="rounded-md bg-primary px-3 py-1.5 text-primary-foreground">{m.viewCart}</span>
            </span>
          </a>
        </div>
      )}
    </div>
  );
}
