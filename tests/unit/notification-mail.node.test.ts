// @vitest-environment node
// The e-mail of a notification (supabase/functions/send-notifications/mail.ts) and what an SMTP
// failure means for it: the rule that keeps a message from going out twice.
import { describe, expect, it } from 'vitest';
import { classifyFailure, composeEmail, type ClaimedEmail } from '../../supabase/functions/send-notifications/mail.ts';

const claimed: ClaimedEmail = {
  id: 42,
  attempt: 1,
  email_key: '6f1c1b7e-8d0a-4a8e-9a55-0c6f2f0f9b11',
  to_address: 'maria.activa@savia.test',
  to_name: 'María Fernández',
  subject: 'Ganaste 2,80\u00a0US$',
  body: 'Comisión por la compra de Carlos Rodríguez (1.ª generación): 10\u00a0% de 28,00\u00a0US$ = 2,80\u00a0US$ · nivel ★3 · plan v1',
  link: '/mi-cuenta/recompensas',
  company_name: 'Savia Natural',
  contact_info: 'Teléfono: +57 601 555 0100\nCorreo: hola@savia.test',
};

describe('el correo de un aviso', () => {
  it('saluda por el nombre, dice qué pasó y por qué, enlaza la pantalla y firma con la empresa', () => {
    const mail = composeEmail(claimed, 'https://app.savia.test', 'savia.test');
    expect(mail.subject).toBe('Ganaste 2,80\u00a0US$');
    expect(mail.text.split('\n')).toEqual([
      'Hola, María:',
      '',
      'Ganaste 2,80\u00a0US$',
      claimed.body,
      '',
      'Míralo aquí: https://app.savia.test/mi-cuenta/recompensas',
      '',
      '—',
      'Savia Natural',
      'Teléfono: +57 601 555 0100',
      'Correo: hola@savia.test',
      '',
      'Si no quieres recibir estos correos, apágalos en Mi Cuenta (los avisos siguen llegando a la campana de la app).',
    ]);
  });

  it('cada intento lleva la misma clave de idempotencia como Message-ID', () => {
    const first = composeEmail(claimed, 'https://app.savia.test/', 'savia.test');
    const second = composeEmail({ ...claimed, attempt: 2 }, 'https://app.savia.test/', 'savia.test');
    expect(first.messageId).toBe('<6f1c1b7e-8d0a-4a8e-9a55-0c6f2f0f9b11@savia.test>');
    expect(second.messageId).toBe(first.messageId);
    expect(first.headers['X-Savia-Idempotency-Key']).toBe(claimed.email_key);
  });
});

describe('qué significa un fallo de SMTP', () => {
  it('un 4xx del servidor: otro intento; un 5xx: nunca', () => {
    expect(classifyFailure({ responseCode: 451, command: 'DATA' })).toBe('retry');
    expect(classifyFailure({ responseCode: 550, command: 'RCPT TO' })).toBe('failed');
  });

  it('rechazado por el cliente antes de escribir nada: conexión cerrada, otro intento; dirección inválida, nunca', () => {
    expect(classifyFailure({ code: 'ECONNECTION', command: 'API' })).toBe('retry');
    expect(classifyFailure({ code: 'EENVELOPE', command: 'API' })).toBe('failed');
  });

  it('la conexión se corta con el mensaje en camino: puede haber llegado, no se reenvía solo', () => {
    expect(classifyFailure({ code: 'ECONNECTION', command: 'CONN' })).toBe('unconfirmed');
    expect(classifyFailure({ code: 'ETIMEDOUT' })).toBe('unconfirmed');
  });
});
