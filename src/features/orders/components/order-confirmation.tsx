import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { salesQueries } from '@/api/sales/sales-queries';
import { SaleStatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format/use-format';
import { orderMessages as m } from '../messages';

/** After «Confirmar pedido»: the order's number and state, read back from the database. */
export function OrderConfirmation({ saleId, onNewOrder }: { saleId: string; onNewOrder: () => void }) {
  const f = useFormat();
  const sale = useQuery(salesQueries.detail(saleId));
  return (
    <Card className="mx-auto max-w-xl">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-tone-green text-tone-green-foreground">
          <CircleCheck className="size-8" aria-hidden="true" />
        </div>
        <h2 className="text-xl font-semibold">{m.placedTitle}</h2>
        {sale.isPending ? (
          <div className="flex flex-col items-center gap-2" aria-busy="true">
            <Skeleton className="h-5 w-64" />
            <Skeleton className="h-5 w-40" />
          </div>
        ) : sale.isError ? (
          <ErrorState title={m.placedLoadFailed} error={sale.error} onRetry={sale.refetch} retrying={sale.isFetching} className="py-2" />
        ) : (
          <div className="flex flex-col items-center gap-2" data-testid="order-confirmation">
            <p className="flex flex-wrap items-center justify-center gap-2">
              {m.placedNumber(String(sale.data.sale_no))} <SaleStatusBadge status={sale.data.status} />
            </p>
            <p className="text-sm text-muted-foreground">
              {f.dateTime(sale.data.created_at)} · {m.amountToPay}: <span className="font-medium text-foreground">{f.money(sale.data.total)}</span> ·{' '}
              {m.pointsUnit(f.points(sale.data.points_total))}
            </p>
          </div>
        )}
        <p className="max-w-sm text-sm text-muted-foreground">{m.placedNext}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <Link to={`${paths.myOrders}?pedido=${encodeURIComponent(saleId)}`}>{m.goToMyOrders}</Link>
          </Button>
          <Button variant="outline" onClick={onNewOrder}>
            {m.orderAgain}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
