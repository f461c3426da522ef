// «Marcar pagados»: after the bank has paid the payment file, the approved requests of this page are
// marked paid together, each with its own reference (or one reference for the whole batch). Each is
// paid on its own: a refusal (another staff member rejected it meanwhile) shows beside its row and
// the others still go through, and it is not sent again. Rows left without a reference stay approved.
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import type { PayoutPaymentResult, QueuedPayout } from '@/api/payouts/payouts-api';
import { usePayPayouts } from '@/api/payouts/payouts-mutations';
import { Form, FormFooter } from '@/components/form/form';
import { FORM_ALERT, useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger } from '@/components/ui/alert-dialog';
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

// Nothing to check per row: a row left without a reference stays approved.
const payManySchema = z.object({ common: z.string(), references: z.custom<Record<string, string>>() });
const EMPTY = { common: '', references: {} };

export function PayManyDialog({ payouts }: { payouts: QueuedPayout[] }) {
  const f = useFormat();
  const id = useId();
  const payMany = usePayPayouts();
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<Record<string, PayoutPaymentResult>>({});
  // The rows as they were when the dialog opened: paying refreshes the list behind it, and a row
  // that was refused must stay here with its reason.
  const [rows, setRows] = useState<QueuedPayout[]>([]);
  const form = useAppForm(payManySchema, { defaultValues: EMPTY });
  const pending = form.formState.isSubmitting;
  const common = useWatch({ control: form.control, name: 'common' });
  const paid = (p: QueuedPayout) => results[p.id] && !results[p.id]?.error;
  // Paid or refused for good (someone else paid or rejected it meanwhile): nothing left to send.
  const settled = (p: QueuedPayout) => paid(p) || isStale(results[p.id]);

  const changeOpen = (next: boolean) => {
    if (pending) return;
    if (!next) {
      form.reset(EMPTY);
      setResults({});
    } else {
      setRows(payouts);
    }
    setOpen(next);
  };

  // Each request is paid on its own: the outcome says which were refused, and why, row by row.
  const submit = useFormSubmit(form, async ({ references }) => {
    const payments = rows.filter((p) => !settled(p) && (references[p.id] ?? '').trim()).map((p) => ({ id: p.id, reference: (references[p.id] ?? '').trim() }));
    if (payments.length === 0) {
      form.setError(FORM_ALERT, { message: 'Escribe la referencia de al menos una solicitud que ya transferiste.' });
      return;
    }
    const outcome = await payMany.mutateAsync(payments);
    setResults((before) => ({ ...before, ...Object.fromEntries(outcome.map((r) => [r.id, r])) }));
    const done = outcome.filter((r) => !r.error).length;
    const failed = outcome.length - done;
    if (done > 0) notify.success(done === 1 ? '1 pago registrado.' : `${done} pagos registrados.`);
    if (failed === 0) {
      form.reset(EMPTY);
      setResults({});
      setOpen(false);
    }
  });

  return (
    <AlertDialog open={open} onOpenChange={changeOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" disabled={payouts.length === 0}>
          {m.payMany}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent className="max-w-2xl">
        <Form form={form} onSubmit={submit} className="grid gap-4">
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
                maxLength={REFERENCE_MAX}
                autoComplete="off"
                disabled={pending}
                {...form.register('common')}
              />
              <Button
                type="button"
                variant="secondary"
                disabled={pending || !common.trim()}
                onClick={() => {
                  for (const p of rows) if (!settled(p)) form.setValue(`references.${p.id}`, common);
                }}
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
                        maxLength={REFERENCE_MAX}
                        autoComplete="off"
                        disabled={pending}
                        {...form.register(`references.${p.id}`)}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <FormFooter submitLabel={m.payMany} pendingLabel={m.paying} cancelLabel="Cerrar" cancelVariant="outline" onCancel={() => changeOpen(false)} />
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
