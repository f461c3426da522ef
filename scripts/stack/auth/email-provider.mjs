// @ts-check
// GoTrue's e-mail routes that set or reset a password, answered as GoTrue answers them with the e-mail
// and phone providers and anonymous sign-ins off (supabase/config.toml; settings.mjs allows nothing
// else): POST /signup and POST /recover. The passwordless ones (/otp, /magiclink) stay unimplemented.
import { badRequest, unprocessable } from './errors.mjs';
import { checkPasswordStrength } from './passwords.mjs';
import { field, readJsonParams } from './request.mjs';
import { validatePkceParams } from './validation.mjs';

const INVALID_CHANNEL =
  "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.";

/**
 * POST /signup: GoTrue's route sends a request without e-mail or phone to anonymous sign-in, then
 * Signup checks the switch, the parameters and last the provider.
 * @type {import('./tokens.mjs').Handler}
 */
export async function signup(ctx, req) {
  const params = await readJsonParams(req);
  const email = field(params, 'email', 'string') ?? '';
  const phone = field(params, 'phone', 'string') ?? '';
  const password = field(params, 'password', 'string') ?? '';
  const channel = field(params, 'channel', 'string') ?? '';
  const challenge = field(params, 'code_challenge', 'string') ?? '';
  const method = field(params, 'code_challenge_method', 'string') ?? '';
  field(params, 'data', 'object');
  if (!email && !phone) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (ctx.settings.disableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password);
  if (email && phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
  if (!email && !['', 'sms', 'whatsapp'].includes(channel)) throw badRequest('validation_failed', INVALID_CHANNEL);
  if (phone && challenge) throw badRequest('validation_failed', 'PKCE not supported for phone signups');
  validatePkceParams(challenge, method);
  if (email) throw badRequest('email_provider_disabled', 'Email signups are disabled');
  throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
}

/**
 * POST /recover: GoTrue's requireEmailProvider refuses it before reading the request.
 * @type {import('./tokens.mjs').Handler}
 */
export async function recover() {
  throw badRequest('email_provider_disabled', 'Email logins are disabled');
}
