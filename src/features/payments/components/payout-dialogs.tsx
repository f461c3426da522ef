// The three decisions on a request. Each says whether money moves and how much, with the member's
// name; each keeps its button pending while the database works, and shows the database's refusal
// inside the dialog (another staff member acted first: the list refreshes behind it).
import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import type { QueuedPayout } from '@/api/payouts/payouts-api';
import { useApprovePayout, usePayPayout, useRejectPayout } from '@/api/payouts/payouts-mutations';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useFormat } from '@/lib/use-format';
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

/** pay_payout's limit: 1 to 120 characters once trimmed. */
const REFERENCE_MAX = 120;

function referenceProblem(reference: string): string | null {
  const length = [...reference.trim()].length;
  if (length === 0) return m.referenceRequired;
  if (length > REFERENCE_MAX) return m.referenceTooLong;
  return null;
}

function PayDialog({ payout, open, onOpenChange }: DialogProps) {
  const f = useFormat();
  const pay = usePayPayout();
  const [reference, setReference] = useState('');
  const [showProblem, setShowProblem] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // A second press before the button re-renders disabled must not pay twice (the database would refuse it anyway).
  const running = useRef(false);
  const problem = referenceProblem(reference);
  const pending = pay.isPending;

  const setOpen = (next: boolean) => {
    if (running.current) return; // the outcome must be seen
    if (!next) {
      setReference('');
      setShowProblem(false);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return;
    if (problem) {
      setShowProblem(true);
      inputRef.current?.focus();
      return;
    }
    setFailure(null);
    running.current = true;
    try {
      await pay.mutateAsync({ id: payout.id, reference: reference.trim() });
      setReference('');
      onOpenChange(false);
    } catch (error) {
      setFailure(refusalText(error));
    } finally {
      running.current = false;
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogContent
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          inputRef.current?.focus();
        }}
        onEscapeKeyDown={(e) => {
          if (pending) e.preventDefault();
        }}
      >
        <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <AlertDialogHeader>
            <AlertDialogTitle>{m.pay}</AlertDialogTitle>
            <AlertDialogDescription>
              {m.pay}: registra que ya le transferiste {f.money(payout.amount)} a {payout.client_name}. El importe pasa de reservado a pagado en su saldo y no
              se puede deshacer: hazlo solo cuando el banco confirme la transferencia.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AccountFacts payout={payout} />
          <Field error={showProblem ? problem : null}>
            <FieldLabel>{m.referenceLabel}</FieldLabel>
            <FieldControl>
              <Input
                ref={inputRef}
                value={reference}
                maxLength={REFERENCE_MAX}
                autoComplete="off"
                disabled={pending}
                onChange={(e) => {
                  setReference(e.target.value);
                  setFailure(null);
                }}
              />
            </FieldControl>
            <FieldDescription>{m.referenceHelp}</FieldDescription>
            <FieldError />
          </Field>
          {failure && (
            <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {failure}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button type="button" variant="outline" disabled={pending}>
                Cancelar
              </Button>
            </AlertDialogCancel>
            <Button type="submit" disabled={pending} aria-disabled={pending || undefined}>
              {pending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {pending ? m.paying : m.pay}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
