// «Marcar pagados»: after the bank has paid the payment file, the approved requests of this page are
// marked paid together, each with its own reference (or one reference for the whole batch). Each is
// paid on its own: a refusal (another staff member rejected it meanwhile) shows beside its row and
// the others still go through, and it is not sent again. Rows left without a reference stay approved.
import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { PayoutPaymentResult, QueuedPayout } from '@/api/payouts/payouts-api';
import { usePayPayouts } from '@/api/payouts/payouts-mutations';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/feedback/notify';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import { refusalText } from './payout-action';

const REFERENCE_MAX = 120;

/** Refused because the request is no longer approved: sending it again would be refused again. */
const isStale = (result: PayoutPaymentResult | undefined) =>
  result?.error?.saviaCode === 'invalid_transition' || result?.error?.saviaCode === 'payout_not_found';

export function PayManyDialog({ payouts }: { payouts: QueuedPayout[] }) {
  const f = useFormat();
  const id = useId();
  const payMany = usePayPayouts();
  const [open, setOpen] = useState(false);
  const [references, setReferences] = useState<Record<string, string>>({});
  const [common, setCommon] = useState('');
  const [results, setResults] = useState<Record<string, PayoutPaymentResult>>({});
  const [problem, setProblem] = useState<string | null>(null);
  // The rows as they were when the dialog opened: paying refreshes the list behind it, and a row
  // that was refused must stay here with its reason.
  const [rows, setRows] = useState<QueuedPayout[]>([]);
  const pending = payMany.isPending;
  const paid = (p: QueuedPayout) => results[p.id] && !results[p.id]?.error;
  // Paid or refused for good (someone else paid or rejected it meanwhile): nothing left to send.
  const settled = (p: QueuedPayout) => paid(p) || isStale(results[p.id]);

  const changeOpen = (next: boolean) => {
    if (pending) return;
    if (!next) {
      setReferences({});
      setCommon('');
      setResults({});
      setProblem(null);
    } else {
      setRows(payouts);
    }
    setOpen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const payments = rows.filter((p) => !settled(p) && (references[p.id] ?? '').trim()).map((p) => ({ id: p.id, reference: (references[p.id] ?? '').trim() }));
    if (payments.length === 0) {
      setProblem('Escribe la referencia de al menos una solicitud que ya transferiste.');
      return;
    }
    setProblem(null);
    const outcome = await payMany.mutateAsync(payments);
    setResults((before) => ({ ...before, ...Object.fromEntries(outcome.map((r) => [r.id, r])) }));
    const done = outcome.filter((r) => !r.error).length;
    const failed = outcome.length - done;
    if (done > 0) notify.success(done === 1 ? '1 pago registrado.' : `${done} pagos registrados.`);
    if (failed === 0) changeOpen(false);
  };

  return (
    <AlertDialog open={open} onOpenChange={changeOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" disabled={payouts.length === 0}>
          {m.payMany}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent className="max-w-2xl">
        <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <AlertDialogHeader>
            <AlertDialogTitle>{m.payMany}</AlertDialogTitle>
            <AlertDialogDescription>
              Registra que ya transferiste a cada persona el importe de su fila: pasa de reservado a pagado en su saldo y no se puede deshacer. Deja vacía la
              referencia de las que el banco aún no pagó: siguen aprobadas. Son las {rows.length} de esta página, la más antigua primero.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="flex flex-col gap-2">
            <label htmlFor={`${id}-common`} className="text-sm font-medium">
              Una referencia para todas (un solo lote del banco)
            </label>
            <div className="flex gap-2">
              <Input
                id={`${id}-common`}
                className="min-w-0 flex-1"
                value={common}
                maxLength={REFERENCE_MAX}
                autoComplete="off"
                disabled={pending}
                onChange={(e) => setCommon(e.target.value)}
              />
              <Button
                type="button"
                variant="secondary"
                disabled={pending || !common.trim()}
                onClick={() => setReferences(Object.fromEntries(rows.filter((p) => !settled(p)).map((p) => [p.id, common])))}
              >
                Usar en todas
              </Button>
            </div>
          </div>
          {/* A page holds up to 100 requests: the list scrolls, the actions stay in view. */}
          <ul aria-label={m.payManyList} className="flex max-h-[45dvh] flex-col divide-y overflow-y-auto rounded-lg border">
            {rows.map((p) => {
              const result = results[p.id];
              const inputId = `${id}-${p.id}`;
              return (
                <li key={p.id} className="grid gap-2 p-3 sm:grid-cols-[1fr_14rem] sm:items-center">
                  <div className="min-w-0 text-sm">
                    <p>
                      <span className="font-medium">{p.client_name}</span> · <span className="font-semibold">{f.money(p.amount)}</span>
                    </p>
                    <p className="text-xs break-words whitespace-pre-line text-muted-foreground">
                      {p.payment_details ?? m.noPaymentDetails}
                      {p.client_document && ` · ${p.client_document}`}
                    </p>
                    {result?.error && (
                      <p role="alert" className="mt-1 flex items-start gap-1 text-xs font-medium text-destructive">
                        <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                        {refusalText(result.error)}
                      </p>
                    )}
                  </div>
                  {result && !result.error ? (
                    <p className="flex items-center gap-1 text-sm font-medium text-tone-green-foreground">
                      <CircleCheck className="size-4" aria-hidden="true" />
                      Pagada
                    </p>
                  ) : isStale(result) ? (
                    <p className="text-sm text-muted-foreground">Ya no está aprobada</p>
                  ) : (
                    <div className="flex flex-col gap-1">
                      <label htmlFor={inputId} className="sr-only">
                        {m.referenceLabel} de {p.client_name}
                      </label>
                      <Input
                        id={inputId}
                        placeholder={m.referenceLabel}
                        value={references[p.id] ?? ''}
                        maxLength={REFERENCE_MAX}
                        autoComplete="off"
                        disabled={pending}
                        onChange={(e) => setReferences((before) => ({ ...before, [p.id]: e.target.value }))}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          {problem && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {problem}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button type="button" variant="outline" disabled={pending}>
                Cerrar
              </Button>
            </AlertDialogCancel>
            <Button type="submit" disabled={pending}>
              {pending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {pending ? m.paying : m.payMany}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
