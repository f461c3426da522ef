// The e-mail of one notification, and what an SMTP failure means for it. Pure: no Deno, no npm, so
// the unit tests read it under Node as the function runs it under Deno.

/** A notification as claim_notification_emails hands it over. */
export interface ClaimedEmail {
  id: number;
  attempt: number;
  email_key: string;
  to_address: string;
  to_name: string;
  subject: string;
  body: string;
  link: string;
  company_name: string;
  contact_info: string;
}

export interface OutgoingEmail {
  to: { name: string; address: string };
  subject: string;
  text: string;
  /** The idempotency key as the message's identity: every attempt of one notification carries the same one. */
  messageId: string;
  headers: Record<string, string>;
}

/** The first name, for the greeting («Hola, María:»). */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * Plain and short Spanish: the greeting, what happened, the link to the screen, then who writes
 * (the company's name and contact from Configuración) and how to stop these e-mails.
 */
export function composeEmail(n: ClaimedEmail, appUrl: string, mailDomain: string): OutgoingEmail {
  const greeting = firstName(n.to_name) ? `Hola, ${firstName(n.to_name)}:` : 'Hola:';
  const url = new URL(n.link, appUrl.endsWith('/') ? appUrl : `${appUrl}/`).toString();
  const text = [
    greeting,
    '',
    n.subject,
    ...(n.body ? [n.body] : []),
    '',
    `Míralo aquí: ${url}`,
    '',
    '—',
    n.company_name,
    n.contact_info,
    '',
    'Si no quieres recibir estos correos, apágalos en Mi Cuenta (los avisos siguen llegando a la campana de la app).',
  ].join('\n');
  return {
    to: { name: n.to_name, address: n.to_address },
    subject: n.subject,
    text,
    messageId: `<${n.email_key}@${mailDomain}>`,
    headers: { 'X-Savia-Notification': String(n.id), 'X-Savia-Idempotency-Key': n.email_key },
  };
}

/** What to record after an attempt failed. */
export type FailureOutcome = 'retry' | 'failed' | 'unconfirmed';

/**
 * An attempt that failed after the message was handed to an open SMTP connection. A negative answer
 * of the server is a sure «not accepted»: 4xx is worth another try, 5xx never. A refusal by the client
 * before it wrote anything (nodemailer's command «API»: a closed connection, an invalid address) is
 * sure too. Anything else (the connection dropped or timed out while the message or the server's final
 * answer was on the way) may have been accepted, so it is never sent again by itself.
 */
export function classifyFailure(error: { responseCode?: number; code?: string; command?: string }): FailureOutcome {
  if (typeof error.responseCode === 'number' && error.responseCode >= 400) return error.responseCode >= 500 ? 'failed' : 'retry';
  if (error.command === 'API') return error.code === 'ECONNECTION' ? 'retry' : 'failed';
  return 'unconfirmed';
}
