// What a member can do with one of their orders: «Cancelar pedido» while it waits for approval,
// «Volver a pedir» (the same products in the cart) and «Descargar recibo» once it is paid.
import { Download, LoaderCircle, RotateCcw, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Sale, SaleLineDetail } from '@/api/sales/sales-api';
import { useCancelOrder } from '@/api/sales/sales-mutations';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAppSettings } from '@/lib/data/app-settings';
import type { ClientProfile } from '@/lib/auth/types';
import { notify } from '@/lib/feedback/notify';
import { useFormat } from '@/lib/format/use-format';
import { orderMessages as m } from '../messages';
import { useReorder } from './use-reorder';

export function OrderActions({ sale, lines, member }: { sale: Sale; lines: SaleLineDetail[] | undefined; member: ClientProfile }) {
  const cancel = useCancelOrder();
  const reorder = useReorder(member.id);
  const canCancel = sale.kind === 'order' && sale.status === 'Pendiente de Aprobación' && sale.client_id === member.id;
  const canReorder = sale.kind !== 'enrollment';
  const canDownload = sale.status === 'Pagada' || sale.status === 'Entregada';
  if (!canCancel && !canReorder && !canDownload) return null;

  return (
    <div className="flex flex-col-reverse gap-2 border-t bg-background px-6 py-4 sm:flex-row sm:flex-wrap sm:justify-end">
      {canCancel && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" className="text-tone-red-foreground hover:text-tone-red-foreground">
              <XCircle aria-hidden="true" />
              {m.cancel}
            </Button>
          }
          title={m.cancelTitle(String(sale.sale_no))}
          description={m.cancelDescription}
          confirmLabel={m.cancel}
          pendingLabel={m.cancelling}
          cancelLabel={m.cancelBack}
          onConfirm={() => cancel.mutateAsync(sale.id)}
        />
      )}
      {canReorder && (
        <Button variant="outline" disabled={!lines} onClick={() => lines && reorder(lines)}>
          <RotateCcw aria-hidden="true" />
          {m.reorder}
        </Button>
      )}
      {canDownload && <ReceiptButton sale={sale} lines={lines} member={member} />}
    </div>
  );
}

function ReceiptButton({ sale, lines, member }: { sale: Sale; lines: SaleLineDetail[] | undefined; member: ClientProfile }) {
  const settings = useAppSettings();
  const f = useFormat();
  const [preparing, setPreparing] = useState(false);
  const running = useRef(false);
  const download = async () => {
    if (running.current || !lines) return;
    running.current = true;
    setPreparing(true);
    try {
      // Loaded on the click: pdfmake never weighs on the page's first load.
      const { downloadReceipt } = await import('@/components/receipt/download-receipt');
      await downloadReceipt({
        sale,
        lines,
        settings,
        member: {
          name: member.name,
          email: member.email,
          document_number: member.document_number,
        },
        f,
      });
    } catch (error) {
      console.error('Error al preparar el recibo:', error);
      notify.error(m.receiptFailed);
    } finally {
      running.current = false;
      setPreparing(false);
    }
  };
  return (
    <Button onClick={() => void download()} disabled={preparing || !lines}>
      {preparing ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      {preparing ? m.receiptPreparing : m.receipt}
    </Button>
  );
}
