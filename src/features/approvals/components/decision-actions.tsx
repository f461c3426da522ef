// «Aprobar» and «Rechazar» the sale under review, by button or by A and R. Both ask first: approving
// moves stock and money (its dialog lists who earns what, from the database), rejecting needs a
// reason the member will read. A refusal (someone acted
// first, the stock ran out) stays inside the dialog, in the database's words; the queue refreshes
// because the mutation invalidates it either way.
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import type { SaleWithLines } from '@/api/sales/sales-api';
import { useApproveSale, useRejectSale } from '@/api/sales/sales-mutations';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useFormat } from '@/lib/format/use-format';
import { approvalMessages as m } from '../messages';
import { useQueueShortcuts } from '../queue/shortcuts';
import { ApprovalPreview } from './reward-preview';

type Open = 'approve' | 'reject' | null;

export interface DecisionActionsProps {
  sale: SaleWithLines;
  /** The sale is pending as last read. When it stops being so (someone acted first), the buttons go
   *  but an open dialog stays, so the refusal it shows is read. */
  canDecide: boolean;
  shortStock: boolean;
  onDone: (saleId: string) => void;
  onRefused: (error: unknown) => void;
}

export function DecisionActions({ sale, canDecide, shortStock, onDone, onRefused }: DecisionActionsProps) {
  const f = useFormat();
  const [open, setOpen] = useState<Open>(null);
  const approve = useApproveSale({ onDone, quietError: true });
  const reject = useRejectSale({ onDone, quietError: true });
  useQueueShortcuts(canDecide ? { approve: () => setOpen('approve'), reject: () => setOpen('reject') } : {});
  const decide = async <T,>(action: Promise<T>) => {
    try {
      return await action;
    } catch (error) {
      onRefused(error);
      throw error;
    }
  };

  const no = f.count(sale.sale_no);
  const client = sale.client?.name ?? m.none;
  const enrolment = sale.kind === 'enrollment';
  const toggle = (which: Exclude<Open, null>) => (next: boolean) => setOpen(next ? which : null);

  return (
    <div className="flex flex-wrap gap-2 max-sm:w-full">
      <ConfirmDialog
        open={open === 'reject'}
        onOpenChange={toggle('reject')}
        trigger={
          canDecide ? (
            <Button
              variant="outline"
              aria-keyshortcuts="R"
              className="flex-1 border-destructive/50 text-destructive hover:bg-destructive/10 hover:text-destructive sm:flex-none"
            >
              <X aria-hidden="true" />
              {m.reject}
            </Button>
          ) : undefined
        }
        title={m.rejectTitle(no)}
        description={m.rejectWhat(client, enrolment)}
        confirmLabel={m.reject}
        pendingLabel={m.rejecting}
        reason={{ label: m.reasonLabel, placeholder: m.reasonPlaceholder, suggestions: m.commonReasons }}
        onConfirm={(reason) => decide(reject.mutateAsync({ id: sale.id, reason: reason ?? '' }))}
      />
      <ConfirmDialog
        open={open === 'approve'}
        onOpenChange={toggle('approve')}
        trigger={
          canDecide ? (
            <Button aria-keyshortcuts="A" className="flex-1 sm:flex-none">
              <Check aria-hidden="true" />
              {m.approve}
            </Button>
          ) : undefined
        }
        title={m.approveTitle(no)}
        description={
          <>
            <span className="block">{m.approveWhat(f.money(sale.total), client, enrolment)}</span>
            <span className="mt-2 block font-medium text-foreground">{m.approveCheckBank}</span>
            {shortStock && <span className="mt-2 block font-medium text-tone-red-foreground">{m.approveShortStock}</span>}
          </>
        }
        confirmLabel={m.approve}
        pendingLabel={m.approving}
        variant="default"
        onConfirm={() => decide(approve.mutateAsync(sale.id))}
      >
        <ApprovalPreview saleId={sale.id} />
      </ConfirmDialog>
    </div>
  );
}
