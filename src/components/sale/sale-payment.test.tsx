// A voucher in another member's folder (an enrolment's, attached by the sponsor) is named, not asked
// for: Storage would refuse the signed link to the person enrolled.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const signedUrl = vi.fn(() => Promise.resolve('https://storage/comprobante.png?token=t'));
vi.mock('@/api/storage/storage-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/storage/storage-api')>()),
  signedUrl,
}));
const { SalePayment } = await import('./sale-payment');

const words = {
  method: 'Medio de pago',
  reference: 'Referencia',
  voucherLabel: 'Comprobante',
  none: '—',
  noVoucher: 'Sin comprobante',
  viewVoucher: 'Ver comprobante',
  voucherOf: (no: string) => `Comprobante de la venta #${no}`,
  voucherFailed: 'No pudimos abrir el comprobante.',
};
const sale = { sale_no: 7, payment_method: 'transferencia' as const, payment_reference: 'REF-7', voucher_path: 'patrocinador/c.png' };
const shown = (note?: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SalePayment sale={sale} words={words} voucherNote={note} />
    </QueryClientProvider>,
  );

describe('SalePayment', () => {
  it('con una nota, la dice en lugar del comprobante y no pide su enlace', () => {
    shown('Lo adjuntó quien te enroló.');
    expect(screen.getByText('Lo adjuntó quien te enroló.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(signedUrl).not.toHaveBeenCalled();
  });

  it('sin nota, abre el comprobante con su enlace firmado', async () => {
    shown();
    expect(await screen.findByRole('link', { name: /Ver comprobante/ })).toHaveAttribute('href', 'https://storage/comprobante.png?token=t');
    expect(signedUrl).toHaveBeenCalledWith('payment-vouchers', 'patrocinador/c.png', expect.any(Number));
  });
});
