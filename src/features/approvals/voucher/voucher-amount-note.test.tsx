import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/data/app-settings';
import { DbError } from '@/lib/data/db';
import { createQueryClient } from '@/lib/data/query-client';
import { VoucherAmountNote } from './voucher-amount-note';

const api = vi.hoisted(() => ({ fetchVoucherNote: vi.fn(), noteVoucherAmount: vi.fn() }));
vi.mock('@/api/sales/sales-api', () => api);
vi.mock('@/lib/data/app-settings', async (original) => ({
  ...(await original<typeof import('@/lib/data/app-settings')>()),
  useAppSettings: () => DEFAULT_SETTINGS,
}));

const SALE = '11111111-1111-4111-8111-111111111111';
const noted = { amount: 38, sale_total: 25, difference: 13, matches: false, noted_by_email: 'laura.admin@savia.test', noted_at: '2026-11-23T15:42:00Z' };

function setup() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <VoucherAmountNote saleId={SALE} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}
const field = () => screen.getByRole('textbox', { name: 'Importe que dice el comprobante' });

beforeEach(() => {
  api.fetchVoucherNote.mockReset().mockResolvedValue(null);
  api.noteVoucherAmount.mockReset();
});

describe('El importe del comprobante', () => {
  it('envía a la base de datos lo que se escribió, leído como número, y muestra la nota que vuelve', async () => {
    api.noteVoucherAmount.mockImplementation(async () => {
      api.fetchVoucherNote.mockResolvedValue(noted);
      return noted;
    });
    const user = setup();
    await user.type(field(), '38,00');
    await user.click(screen.getByRole('button', { name: 'Anotar importe' }));
    expect(api.noteVoucherAmount).toHaveBeenCalledWith(SALE, 38);
    expect(await screen.findByTestId('voucher-amount-noted')).toHaveTextContent('no coincide con el total.');
    expect(field()).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Corregir importe' })).toBeDisabled(); // nothing typed yet
  });

  it('lo que no se lee como importe se dice junto al campo y no llega a la base de datos', async () => {
    const user = setup();
    await user.type(field(), 'treinta');
    await user.click(screen.getByRole('button', { name: 'Anotar importe' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escribe el importe como aparece en el comprobante: solo la cifra, como en el ejemplo del campo.');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(api.noteVoucherAmount).not.toHaveBeenCalled();
  });

  it('la negativa de la base de datos queda junto al campo, en sus palabras', async () => {
    api.noteVoucherAmount.mockRejectedValue(
      new DbError({
        code: 'P0001',
        message: 'Escribe el importe que dice el comprobante: un número mayor que 0, con hasta 2 decimales.',
        hint: 'savia:invalid_amount',
      }),
    );
    const user = setup();
    await user.type(field(), '0');
    await user.click(screen.getByRole('button', { name: 'Anotar importe' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('un número mayor que 0, con hasta 2 decimales.'));
    expect(field()).toHaveValue('0');
  });
});
