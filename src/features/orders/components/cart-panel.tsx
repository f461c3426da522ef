// The cart beside the catalogue: lines with their quantity, what the database says they cost and
// earn, the lines that cannot be ordered as they are (marked, with what to do), and what the order
// does for the month. Nothing here adds up money: totals come from preview_order.
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowRight, RefreshCw, ShoppingBasket, Trash2, TriangleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { OrderPreview } from '@/api/catalogue/catalogue-api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { userMessage, type DbError } from '@/lib/data/db';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
import type { CartLine } from '../cart/cart-lines';
import type { Cart } from '../cart/cart-store';
import { markMessage, type LineMarks } from '../cart/line-marks';
import { orderMessages as m } from '../messages';
import { QuantityInput } from './quantity-input';

export interface CartPanelProps {
  cart: Cart;
  preview: UseQueryResult<OrderPreview, DbError>;
  marks: LineMarks;
  /** The next step's button (or nothing while paying). */
  action?: ReactNode;
  /** A note above the lines («Volver a pedir» said what it did). */
  notice?: ReactNode;
  disabled?: boolean;
}

export function CartPanel({ cart, preview, marks, action, notice, disabled }: CartPanelProps) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <ShoppingBasket className="size-5 text-primary" aria-hidden="true" />
            {m.cartTitle}
            {cart.count > 0 && <span className="text-sm font-normal text-muted-foreground">({cart.count})</span>}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {notice}
        {cart.count === 0 ? (
          <EmptyState className="py-6" icon={ShoppingBasket} title={m.cartEmpty} description={m.cartEmptyHint} />
        ) : (
          <>
            <ul
              className={cn('flex flex-col divide-y transition-opacity', preview.isPlaceholderData && preview.isFetching && 'opacity-60')}
              aria-label={m.cartTitle}
            >
              {cart.lines.map((line) => (
                <CartLineRow key={line.product_id} line={line} preview={preview.data} cart={cart} marks={marks} disabled={disabled} />
              ))}
            </ul>
            <Separator />
            <Totals preview={preview} marks={marks} />
            {action}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CartLineRow({
  line,
  preview,
  cart,
  marks,
  disabled,
}: {
  line: CartLine;
  preview: OrderPreview | undefined;
  cart: Cart;
  marks: LineMarks;
  disabled?: boolean;
}) {
  const f = useFormat();
  const priced = preview?.lines.find((l) => l.product_id === line.product_id && l.quantity === line.quantity);
  const name = priced?.name ?? line.name;
  const mark = marks.get(line.product_id);
  const markId = `mark-${line.product_id}`;
  return (
    <li className={cn('flex flex-col gap-2 py-3 first:pt-0', mark && 'rounded-md')} data-marked={mark ? mark.kind : undefined}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium leading-snug">{name}</p>
          <p className="text-xs text-muted-foreground tabular-nums">
            {priced ? `${f.money(priced.unit_price)} · ${m.pointsUnit(f.points(priced.line_points))}` : <span className="sr-only">{m.pricing}</span>}
          </p>
        </div>
        <div className="shrink-0 text-sm font-medium tabular-nums">{priced ? f.money(priced.line_total) : <Skeleton className="h-4 w-14" />}</div>
      </div>
      {mark && (
        <p id={markId} role="alert" className="flex items-start gap-1.5 rounded-md bg-tone-red px-2 py-1.5 text-xs font-medium text-tone-red-foreground">
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {markMessage(mark)}
        </p>
      )}
      <div className="flex items-start justify-between gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="-ml-2 text-muted-foreground"
          aria-label={m.removeAria(name)}
          disabled={disabled}
          onClick={() => cart.remove(line.product_id)}
        >
          <Trash2 aria-hidden="true" />
          {m.remove}
        </Button>
        <QuantityInput
          name={name}
          quantity={line.quantity}
          onChange={(q) => cart.setQuantity(line.product_id, q)}
          describedBy={mark ? markId : undefined}
          disabled={disabled}
        />
      </div>
    </li>
  );
}

function Totals({ preview, marks }: { preview: UseQueryResult<OrderPreview, DbError>; marks: LineMarks }) {
  const f = useFormat();
  if (preview.isError && !preview.data) {
    // A withdrawn product makes the whole preview fail: its line is marked, the rest waits for it.
    if (marks.size > 0) return <p className="text-sm text-muted-foreground">{m.fixMarkedLines}</p>;
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p className="font-medium">{m.previewFailed}</p>
        <p className="text-muted-foreground">{userMessage(preview.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void preview.refetch()} disabled={preview.isFetching}>
          <RefreshCw className={cn(preview.isFetching && 'animate-spin')} aria-hidden="true" />
          Reintentar
        </Button>
      </div>
    );
  }
  const data = preview.data;
  if (!data) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <span className="sr-only" role="status">
          {m.pricing}
        </span>
      </div>
    );
  }
  const ending = data.month_points >= data.activity_points ? 'stays' : data.active_after ? 'becomes' : 'not_yet';
  return (
    <div className={cn('flex flex-col gap-3 transition-opacity', preview.isPlaceholderData && 'opacity-60')} aria-live="polite">
      <dl className="flex flex-col gap-1">
        <div className="flex items-baseline justify-between">
          <dt className="font-medium">{m.total}</dt>
          <dd className="text-xl font-semibold tabular-nums" data-testid="cart-total">
            {f.money(data.total)}
          </dd>
        </div>
        <div className="flex items-baseline justify-between text-sm text-muted-foreground">
          <dt>{m.points}</dt>
          <dd className="tabular-nums" data-testid="cart-points">
            {f.points(data.points)}
          </dd>
        </div>
      </dl>
      <div
        className={cn(
          'rounded-lg border px-3 py-2 text-sm',
          ending === 'not_yet'
            ? 'border-tone-amber-foreground/20 bg-tone-amber text-tone-amber-foreground'
            : 'border-tone-green-foreground/20 bg-tone-green text-tone-green-foreground',
        )}
      >
        <p className="font-medium" data-testid="month-impact">
          {m.monthImpact(f.points(data.month_points_after), f.points(data.activity_points), ending)}
        </p>
        <p className="text-xs opacity-90">{m.pointsWhenApproved}</p>
      </div>
    </div>
  );
}

/** A note inside the cart, closable. */
export function CartNotice({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-tone-blue-foreground/20 bg-tone-blue px-3 py-2 text-sm text-tone-blue-foreground"
    >
      <div className="flex-1">{children}</div>
      <Button variant="ghost" size="icon" className="-m-1 size-7 text-current hover:bg-transparent" aria-label={m.dismiss} onClick={onClose}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}

/** «Continuar al pago», or why not yet. */
export function CheckoutButton({ onClick, blockedBy }: { onClick: () => void; blockedBy: string | null }) {
  return (
    <div className="flex flex-col gap-2">
      <Button size="lg" onClick={onClick} disabled={!!blockedBy}>
        {m.toCheckout}
        <ArrowRight aria-hidden="true" />
      </Button>
      {blockedBy && <p className="text-xs text-muted-foreground">{blockedBy}</p>}
    </div>
  );
}
