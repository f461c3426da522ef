// What staff can do with a sale now, by its state: «Marcar entregada» (Pagada), «Cancelar venta»
// (anything not cancelled or rejected) and «Descargar recibo» (Pagada or Entregada).
import { Download, LoaderCircle, PackageCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import type { SaleDetail } from '@/api/sales-admin/sales-admin-api';
import { useDeliverSale } from '@/api/sales-admin/sales-admin-mutations';
import type { SaleLineDetail } from '@/api/sales/sales-api';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAppSettings } from '@/lib/data/app-settings';
import { notify } from '@/lib/feedback/notify';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import { CancelSaleDialog } from './cancel-sale-dialog';

export function SaleActions({ detail, lines }: { detail: SaleDetail; lines: SaleLineDetail[] | undefined }) {
  const deliver = useDeliverSale();
  // Open while the sale changes under it (another tab cancelled it first): the dialog stays to say so.
  const [cancelOpen, setCancelOpen] = useState(false);
  const { sale } = detail;
  const canDeliver = sale.status === 'Pagada';
  const canCancel = (sale.status !== 'Cancelada' && sale.status !== 'Rechazado') || cancelOpen;
  const canDownload = sale.status === 'Pagada' || sale.status === 'Entregada';
  if (!canDeliver && !canCancel && !canDownload) return null;
  return (
    <div className="flex flex-col-reverse gap-2 border-t bg-background px-6 py-4 sm:flex-row sm:flex-wrap sm:justify-end">
      {canCancel && <CancelSaleDialog saleId={sale.id} saleNo={sale.sale_no} open={cancelOpen} onOpenChange={setCancelOpen} />}
      {canDownload && <ReceiptButton detail={detail} lines={lines} />}
      {canDeliver && (
        <ConfirmDialog
          trigger={
            <Button>
              <PackageCheck aria-hidden="true" />
              {m.deliver}
            </Button>
          }
          variant="default"
          title={m.deliverTitle(String(sale.sale_no))}
          description={m.deliverDescription}
          confirmLabel={m.deliver}
          pendingLabel={m.delivering}
          cancelLabel={m.cancelBack}
          onConfirm={() => deliver.mutateAsync(sale.id)}
        />
      )}
    </div>
  );
}

function ReceiptButton({ detail, lines }: { detail: SaleDetail; lines: SaleLineDetail[] | undefined }) {
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
      const { member, walk_in_buyer: walkIn } = detail;
      await downloadReceipt({
        sale: detail.sale,
        lines,
        settings,
        member: member
          ? { name: member.name, email: member.email, document_number: member.document_number }
          : {
              name: walkIn?.name ?? '',
              email: walkIn?.email ?? null,
              document_number: walkIn?.document_number ?? null,
              phone: walkIn?.phone ?? null,
              walkIn: true,
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
    <Button variant="outline" onClick={() => void download()} disabled={preparing || !lines}>
      {preparing ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      {preparing ? m.receiptPreparing : m.receipt}
    </Button>
  );
}
