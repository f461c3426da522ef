// Confirmation for destructive or irreversible actions (reject, cancel, pay, close a month): it
// says what will happen, optionally asks for the reason (with the database's limits), keeps the
// button pending while the action runs (no second press), and on failure stays open with the
// Spanish error inside. Escape or «Cancelar» close it (not while pending); focus returns to the trigger.
import { LoaderCircle } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
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
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { ReasonField } from '@/components/ui/reason-field';
import { reasonProblem, type ReasonOptions } from '@/components/ui/reason-rules';
import { errorText } from '@/lib/feedback/error-text';

export const ACTION_FAILED = 'No se pudo completar la acción. Inténtalo de nuevo.';

export interface ConfirmDialogProps {
  /** The button that opens it; or control it with `open` and `onOpenChange` (a keyboard shortcut). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  /** What will happen, plainly: «La venta pasa a Rechazado y el stock vuelve al inventario.» */
  description: ReactNode;
  /** What to read before confirming that is more than a sentence (a list): between the description
   *  and the reason. */
  children?: ReactNode;
  /** The binding label of the action («Rechazar»). */
  confirmLabel: string;
  /** Shown while the action runs («Rechazando…»); the confirm label otherwise. */
  pendingLabel?: string;
  cancelLabel?: string;
  variant?: 'destructive' | 'default';
  /** Ask for a reason, required, within min..max characters (default 3..500, as the database). */
  reason?: ReasonOptions;
  /** Runs the action; a rejection keeps the dialog open and shows the error. */
  onConfirm: (reason: string | undefined) => unknown;
  /** The sentence for a failure; default: a DbError's userMessage or a generic sentence. */
  describeError?: (error: unknown) => string;
}

export function ConfirmDialog({
  trigger,
  open: openProp,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancelar',
  variant = 'destructive',
  reason,
  onConfirm,
  describeError = (e) => errorText(e, ACTION_FAILED),
}: ConfirmDialogProps) {
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [showReasonProblem, setShowReasonProblem] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const problem = reason ? reasonProblem(text, reason) : null;

  const setOpen = (next: boolean) => {
    if (running.current) return; // the action is running: its outcome must be seen
    if (!next) {
      setText('');
      setFailure(null);
      setShowReasonProblem(false);
    }
    setOpenState(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    if (running.current) return;
    if (problem) {
      setShowReasonProblem(true);
      reasonRef.current?.focus();
      return;
    }
    running.current = true;
    setPending(true);
    setFailure(null);
    try {
      await onConfirm(reason ? text.trim() : undefined);
      running.current = false;
      setOpen(false);
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      running.current = false;
      setPending(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent
        onOpenAutoFocus={(e) => {
          if (!reason) return;
          e.preventDefault();
          reasonRef.current?.focus();
        }}
        onEscapeKeyDown={(e) => {
          if (running.current) e.preventDefault();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        {reason && (
          <ReasonField
            ref={reasonRef}
            options={reason}
            value={text}
            onChange={(value) => {
              setText(value);
              setFailure(null);
            }}
            error={showReasonProblem ? problem : null}
            disabled={pending}
          />
        )}
        <FormAlert message={failure} />
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={pending}>
              {cancelLabel}
            </Button>
          </AlertDialogCancel>
          <Button variant={variant} onClick={() => void confirm()} disabled={pending} aria-disabled={pending || undefined}>
            {pending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
