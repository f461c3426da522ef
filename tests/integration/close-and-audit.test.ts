// Configuración's month close and audit log through PostgREST, as each persona: an admin (and a
// member) calling the close or the audit RPCs is refused; a superadmin reads the months and the log.
import { describe, expect, it } from 'vitest';
import { memberPersona, staffPersona } from './fixtures/personas';

describe('Cierre de mes y bitácora por la API', () => {
  it('un admin y un miembro no piden, no previsualizan ni leen el cierre, ni la bitácora', async () => {
    const admin = await staffPersona('admin');
    const member = await memberPersona();
    for (const caller of [admin.client, member.client]) {
      const request = await caller.rpc('request_period_close', {
        p_month: '2026-01-01',
      });
      expect(request.error).toMatchObject({
        hint: 'savia:forbidden',
        message: 'Solo un superadmin (o el cierre programado) puede cerrar un mes.',
      });
      const preview = await caller.rpc('preview_period_close', {
        p_month: '2026-01-01',
      });
      expect(preview.error).toMatchObject({ hint: 'savia:forbidden' });
      const paged = await caller.rpc('get_close_preview', {
        p_month: '2026-01-01',
      });
      expect(paged.error).toMatchObject({
        hint: 'savia:forbidden',
        message: 'Solo un superadmin puede ver y cerrar los meses.',
      });
      const months = await caller.rpc('get_close_months');
      expect(months.error).toMatchObject({ hint: 'savia:forbidden' });
      const log = await caller.rpc('get_audit_log', {});
      expect(log.error).toMatchObject({
        hint: 'savia:forbidden',
        message: 'Solo un superadmin puede leer la bitácora.',
      });
    }
  });

  it('un superadmin lee los meses con su estado y una página de la bitácora', async () => {
    const superadmin = await staffPersona('superadmin');
    const months = await superadmin.client.rpc('get_close_months');
    expect(months.error).toBeNull();
    expect(months.data!.length).toBeGreaterThan(0);
    expect(months.data![0]).toMatchObject({ status: 'open', ended: false });

    const log = await superadmin.client.rpc('get_audit_log', {
      p_table: 'metadata',
      p_page_size: 5,
    });
    expect(log.error).toBeNull();
    for (const row of log.data!) expect(row.table_name).toBe('metadata');

    const backwards = await superadmin.client.rpc('get_audit_log', {
      p_from: '2026-02-02',
      p_to: '2026-02-01',
    });
    expect(backwards.error).toMatchObject({
      hint: 'savia:invalid_range',
      message: 'La fecha final no puede ser anterior a la inicial.',
    });
  });
});
