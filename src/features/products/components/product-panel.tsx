// The panel of the product open in the URL (`?producto=<id>`): its figures, what pending orders have
// committed (with a warning when they exceed the stock), finance's cost and margins, the movement
// history and the actions: «Editar», «Ajustar stock», «Desactivar» / «Activar», «Borrar».
import { useQuery } from '@tanstack/react-query';
import { Pencil, Power, Trash2, TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { ProductRow } from '@/api/products/products-api';
import { productsMessages, useDeleteProduct, useSetProductActive } from '@/api/products/products-mutations';
import { productsQueries } from '@/api/products/products-queries';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/lib/feedback/notify';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import { MovementHistory } from './movement-history';
import { ProductFormDialog } from './product-form-dialog';
import { ProductPhoto } from './product-photo';
import { StockAdjustDialog } from './stock-adjust-dialog';

export function ProductPanel({ productId, finance, onClose }: { productId: string; finance: boolean; onClose: () => void }) {
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" closeLabel={m.close} aria-describedby={undefined} className="overflow-hidden">
        <PanelBody productId={productId} finance={finance} onGone={onClose} />
      </SheetContent>
    </Sheet>
  );
}

function PanelBody({ productId, finance, onGone }: { productId: string; finance: boolean; onGone: () => void }) {
  const product = useQuery(productsQueries.detail(productId));
  if (product.isPending) return <PanelSkeleton />;
  if (product.isError) {
    return (
      <div className="p-6">
        <SheetTitle className="sr-only">{m.detailFailed}</SheetTitle>
        <ErrorState title={m.detailFailed} error={product.error} onRetry={product.refetch} retrying={product.isFetching} />
      </div>
    );
  }
  const p = product.data;
  return (
    <>
      <div className="flex items-start gap-3 border-b px-6 pt-5 pr-14 pb-4">
        <ProductPhoto path={p.image_path} className="size-16 shrink-0" label />
        <div className="flex min-w-0 flex-col gap-1">
          <SheetTitle className="text-lg font-semibold break-words">{p.name}</SheetTitle>
          <SheetDescription className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span className="font-mono text-xs">{p.sku}</span>
            <Badge tone={p.is_active ? 'green' : 'gray'}>{p.is_active ? m.active : m.inactive}</Badge>
            {p.is_kit && <Badge tone="violet">{m.kit}</Badge>}
            {p.low_stock && <Badge tone="amber">{m.lowStock}</Badge>}
          </SheetDescription>
        </div>
      </div>
      {/* Focusable, so the keyboard can scroll a long history too. */}
      <div
        className="flex-1 overflow-y-auto px-6 py-5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
        tabIndex={0}
        role="region"
        aria-label={m.detailRegion}
      >
        <div className="flex flex-col gap-6">
          <Actions product={p} onDeleted={onGone} />
          <Figures product={p} />
          {finance && <FinanceFigures product={p} />}
          <Section title={m.description}>
            <p className="text-sm whitespace-pre-line">{p.description ?? m.noDescription}</p>
          </Section>
          <Section title={m.benefits}>
            {p.benefits.length ? (
              <ul className="flex flex-wrap gap-1.5">
                {p.benefits.map((b) => (
                  <li key={b}>
                    <Badge tone="blue">{b}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{m.noBenefits}</p>
            )}
          </Section>
          <Section title={m.movements}>
            <MovementHistory productId={p.id} />
          </Section>
        </div>
      </div>
    </>
  );
}

function Actions({ product, onDeleted }: { product: ProductRow; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  const setActive = useSetProductActive();
  const remove = useDeleteProduct();
  const next = !product.is_active;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" />
        {m.edit}
      </Button>
      <StockAdjustDialog product={product} />
      <ConfirmDialog
        trigger={
          <Button variant="outline">
            <Power aria-hidden="true" />
            {next ? m.activate : m.deactivate}
          </Button>
        }
        title={next ? m.activateTitle(product.name) : m.deactivateTitle(product.name)}
        description={next ? m.activateDescription : m.deactivateDescription}
        confirmLabel={next ? m.activate : m.deactivate}
        pendingLabel={next ? m.activating : m.deactivating}
        variant={next ? 'default' : 'destructive'}
        onConfirm={async () => {
          await setActive.mutateAsync({ id: product.id, active: next });
          notify.success(next ? productsMessages.activated : productsMessages.deactivated);
        }}
      />
      <ConfirmDialog
        trigger={
          <Button variant="ghost" className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden="true" />
            {m.deleteProduct}
          </Button>
        }
        title={m.deleteTitle(product.name)}
        description={m.deleteDescription}
        confirmLabel={m.deleteProduct}
        pendingLabel={m.deleting}
        onConfirm={async () => {
          await remove.mutateAsync(product.id);
          onDeleted();
        }}
      />
      {editing && <ProductFormDialog product={product} onClose={() => setEditing(false)} />}
    </div>
  );
}

function Figures({ product: p }: { product: ProductRow }) {
  const f = useFormat();
  return (
    <Section title={m.summary}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        <Figure label={m.stock} value={f.points(p.stock)} />
        <Figure label={m.committed} value={f.points(p.committed)} hint={m.committedHint} />
        <Figure label={m.category} value={p.category ?? '—'} />
        <Figure label={m.price} value={f.money(p.price)} />
        <Figure label={m.base} value={f.money(p.commissionable_amount)} />
        <Figure label={m.points} value={f.points(p.points)} />
      </dl>
      {p.over_committed && (
        <p
          role="status"
          className="mt-3 flex items-start gap-2 rounded-md border border-tone-amber-foreground/30 bg-tone-amber p-3 text-sm text-tone-amber-foreground"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {m.overCommitted(f.points(p.committed), f.points(p.stock))}
        </p>
      )}
    </Section>
  );
}

function FinanceFigures({ product: p }: { product: ProductRow }) {
  const f = useFormat();
  const money = (v: number | null) => (v === null ? '—' : f.money(v));
  return (
    <Section title={m.finance}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Figure label={m.cost} value={p.unit_cost === null ? m.noCost : f.money(p.unit_cost)} />
        <Figure label={m.margin} value={money(p.margin)} />
        <Figure label={m.planMax} value={money(p.plan_max_payout)} hint={m.planMaxHint} />
        <Figure label={m.marginAfterPlan} value={money(p.margin_after_plan)} />
      </dl>
    </Section>
  );
}

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
      {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function PanelSkeleton() {
  return (
    <div className="flex flex-col gap-4 p-6" aria-busy="true">
      <SheetTitle className="sr-only">{m.detailRegion}</SheetTitle>
      <div className="flex gap-3">
        <Skeleton className="size-16" />
        <div className="flex flex-col gap-2">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-40 w-full" />
      <span className="sr-only" role="status">
        Cargando…
      </span>
    </div>
  );
}
