import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/data/app-settings';
import { expectNoAxeViolations } from '../../tests/unit/axe';

vi.mock('@/lib/data/app-settings', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/data/app-settings')>()),
  useAppSettings: () => DEFAULT_SETTINGS,
}));
const { JobProgress } = await import('./job-progress');
const percentOf = (props: { stepNo?: number | null; steps?: number | null; done?: number | null; total?: number | null }) => {
  const { unmount } = render(<JobProgress title="Trabajo" step="paso" {...props} />);
  const value = screen.queryByRole('progressbar')?.getAttribute('aria-valuenow') ?? null;
  unmount();
  return value;
};

describe('JobProgress', () => {
  it('cuenta los pasos hechos más la parte del que va', () => {
    expect(percentOf({ stepNo: 3, steps: 7, done: 500_000, total: 1_000_000 })).toBe('36'); // 2.5 / 7
    expect(percentOf({ stepNo: 1, steps: 4 })).toBe('0');
    expect(percentOf({ stepNo: 7, steps: 7, done: 9, total: 3 })).toBe('100');
    expect(percentOf({ stepNo: null, steps: 7 })).toBeNull();
  });

  it('dice el paso, cuánto lleva de cuánto, y su barra lo anuncia', async () => {
    render(<JobProgress title="El cierre está en marcha." step="anulando" stepNo={3} steps={7} done={250_000} total={1_000_000} unit="miembros" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('El cierre está en marcha.');
    expect(status).toHaveTextContent(/Paso 3 de 7: anulando \(250\.000 de 1\.000\.000 miembros\)/);
    const bar = screen.getByRole('progressbar', { name: 'El cierre está en marcha.' });
    expect(bar).toHaveAttribute('aria-valuenow', '32'); // (2 + 0.25) / 7
    await expectNoAxeViolations();
  });

  it('antes del primer paso, solo lo que hace', () => {
    render(<JobProgress title="El cierre está en cola." />);
    expect(screen.getByRole('status')).toHaveTextContent('El cierre está en cola.');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
