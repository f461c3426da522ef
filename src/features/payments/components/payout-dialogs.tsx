// The three decisions on a request. Each says whether money moves and how much, with the member's
// name; each keeps its button pending while the database works, and shows the database's refusal
// inside the dialog (another staff member acted first: the list refreshes behind it).
import { z } from 'zod/mini';
import type { QueuedPayout } from '@/api/payouts/payouts-api';
import { useApprovePayout, usePayPayout, useRejectPayout } from '@/api/payouts/payouts-mutations';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogHeader, AlertDialogTitle } from '@/components/ui/alert-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import { AccountFacts } from './account-facts';
import { refusalText, type PayoutAction } from './payout-action';

interface DialogProps {
  payout: QueuedPayout;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function PayoutActionDialogs({ action, open, onOpenChange }: { action: PayoutAction | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  if (!action) return null;
  const props = { payout: action.payout, open, onOpenChange };
  if (action.kind === 'approve') return <ApproveDialog {...props} />;
  if (action.kind === 'pay') return <PayDialog key={action.payout.id} {...props} />;
  return <RejectDialog {...props} />;
}

function ApproveDialog({ payout, open, onOpenChange }: DialogProps) {
  const f = useFormat();
  const approve = useApprovePayout();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      variant="default"
      title={`¿Aprobar el retiro de ${payout.client_name}?`}
      description={
        <>
          Aprobar todavía no mueve dinero: los {f.money(payout.amount)} que pidió {payout.client_name} siguen reservados de su saldo. Se aprueba con la cuenta
          de abajo, y se le pagará en ella aunque la cambie después. Después de transferirle, usa «{m.pay}» con la referencia del banco, o inclúyela en un
          archivo de pago.
        </>
      }
      confirmLabel={m.approve}
      pendingLabel={m.approving}
      describeError={refusalText}
      onConfirm={() => approve.mutateAsync(payout.id)}
    >
      <AccountFacts payout={payout} />
    </ConfirmDialog>
  );
}

function RejectDialog({ payout, open, onOpenChange }: DialogProps) {
  const f = useFormat();
  const reject = useRejectPayout();
  const approved = payout.status === 'approved';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`¿Rechazar el retiro de ${payout.client_name}?`}
      description={
        <>
          {m.reject} devuelve {f.money(payout.amount)} al saldo de {payout.client_name}: podrá volver a pedirlo, y verá el motivo en Mis Recompensas.
          {approved && ' Esta solicitud ya estaba aprobada: recházala solo si no le transferiste.'}
        </>
      }
      confirmLabel={m.reject}
      pendingLabel={m.rejecting}
      reason={{ label: m.rejectReasonLabel, suggestions: m.rejectReasons }}
      describeError={refusalText}
      onConfirm={(reason) => reject.mutateAsync({ id: payout.id, reason: reason ?? '' })}
    />
  );
}

/** pay_payout's limit: 1 to 120 characters once trimmed, counted as the database counts them. */
const REFERENCE_MAX = 120;
const referenceLength = (text: string) => [...text.trim()].length;
const paySchema = z.object({
  reference: z.string().check(
    z.refine((r) => referenceLength(r) > 0, m.referenceRequired),
    z.refine((r) => referenceLength(r) <= REFERENCE_MAX, m.referenceTooLong),
  ),
});

function PayDialog({ payout, open, onOpenChange }: DialogProps) {
  const f = useFormat();
  const pay = usePayPayout();
  const form = useAppForm(paySchema, { defaultValues: { reference: '' } });
  const pending = form.formState.isSubmitting;
  const submit = useFormSubmit(
    form,
    async ({ reference }) => {
      await pay.mutateAsync({ id: payout.id, reference: reference.trim() });
      form.reset();
      onOpenChange(false);
    },
    { alert: (error) => refusalText(error) },
  );

  const setOpen = (next: boolean) => {
    if (pending) return; // the outcome must be seen
    if (!next) form.reset();
    onOpenChange(next);
  };

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogContent
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          form.setFocus('reference');
        }}
        onEscapeKeyDown={(e) => {
          if (pending) e.preventDefault();
        }}
      >
        <Form form={form} onSubmit={submit} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>{m.pay}</AlertDialogTitle>
            <AlertDialogDescription>
              {m.pay}: registra que ya le transferiste {f.money(payout.amount)} a {payout.client_name}. El importe pasa de reservado a pagado en su saldo y no
              se puede deshacer: hazlo solo cuando el banco confirme la transferencia.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AccountFacts payout={payout} />
          {/* Typing again clears the refusal: it was about the reference sent, not this one. */}
          <FormField name="reference" label={m.referenceLabel} description={m.referenceHelp} registerOptions={{ onChange: () => form.clearErrors('root') }}>
            <Input maxLength={REFERENCE_MAX} autoComplete="off" disabled={pending} />
          </FormField>
          <FormFooter submitLabel={m.pay} pendingLabel={m.paying} cancelVariant="outline" onCancel={() => setOpen(false)} />
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
