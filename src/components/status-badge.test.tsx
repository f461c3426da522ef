import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYOUT_STATUSES, SALE_STATUSES } from '@/lib/data/domain';
import { expectNoAxeViolations } from '../../tests/unit/axe';
import { PayoutStatusBadge, SaleStatusBadge } from './status-badge';

const toneOf = (text: string) => screen.getByText(text).closest('[data-slot=badge]')?.getAttribute('data-tone');

describe('insignias de estado', () => {
  it('las seis de venta dicen su estado exacto, cada una con su color', async () => {
    render(
      <ul>
        {SALE_STATUSES.map((s) => (
          <li key={s}>
            <SaleStatusBadge status={s} />
          </li>
        ))}
      </ul>,
    );
    const tones = SALE_STATUSES.map((s) => toneOf(s));
    expect(new Set(tones).size).toBe(6);
    expect(toneOf('Pagada')).toBe('green');
    expect(toneOf('Rechazado')).toBe('red');
    await expectNoAxeViolations();
  });

  it('las de pago dicen su estado en español, cada una con su color', () => {
    render(
      <div>
        {PAYOUT_STATUSES.map((s) => (
          <PayoutStatusBadge key={s} status={s} />
        ))}
      </div>,
    );
    const labels = ['Pendiente', 'Aprobado', 'Pagado', 'Rechazado'];
    for (const label of labels) expect(screen.getByText(label)).toBeInTheDocument();
    expect(new Set(labels.map(toneOf)).size).toBe(4);
  });
});
