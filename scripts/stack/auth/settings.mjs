// @ts-check
// The auth settings the emulator obeys, read from supabase/config.toml like the Supabase CLI
// feeds them to GoTrue, with the CLI's defaults where the file is silent.
import { join } from 'node:path';
import { ROOT } from '../../lib/config.mjs';
import { readTomlFile } from '../../lib/toml.mjs';

/**
 * @typedef {{ name: string, uri: string, functionName: string }} HookConfig
 * @typedef {ReturnType<typeof authSettings>} AuthSettings
 */

/**
 * @param {{ siteUrl: string, publicApiUrl: string, signingKey: import('../../lib/jwt.mjs').SigningKey }} cfg
 * @param {string} [configPath]
 */
export function authSettings(cfg, configPath = join(ROOT, 'supabase', 'config.toml')) {
  const auth = readTomlFile(configPath).auth ?? {};
  const external = auth.external ?? {};
  return {
    // The stack decides the site URL (ports differ per profile); config.toml's own value stays
    // allowed as a redirect target because the dev app is served there.
    siteUrl: cfg.siteUrl,
    redirectAllowList: [auth.site_url, ...(auth.additional_redirect_urls ?? [])].filter(Boolean),
    signingKey: cfg.signingKey,
    issuer: `${cfg.publicApiUrl}/auth/v1`,
    jwtExpiry: auth.jwt_expiry ?? 3600,
    refreshTokenRotation: auth.enable_refresh_token_rotation ?? true,
    refreshTokenReuseInterval: auth.refresh_token_reuse_interval ?? 10,
    disableSignup: auth.enable_signup === false,
    ...providersBesidesGoogle(auth),
    // GOTRUE_MAILER_AUTOCONFIRM and GOTRUE_SMS_AUTOCONFIRM, as the CLI derives them.
    mailerAutoconfirm: auth.email?.enable_confirmations !== true,
    phoneAutoconfirm: auth.sms?.enable_confirmations !== true,
    googleEnabled: external.google?.enabled === true,
    flowStateExpirySeconds: 300,
    hooks: {
      beforeUserCreated: hookConfig(auth.hook?.before_user_created, 'before-user-created'),
      customAccessToken: hookConfig(auth.hook?.custom_access_token, 'customize-access-token'),
    },
  };
}

/**
 * The providers that sign in without Google: the e-mail provider (passwords, `[auth.email] enable_signup`,
 * GOTRUE_EXTERNAL_EMAIL_ENABLED; on unless the file says otherwise, as in the CLI), the phone provider
 * (`[auth.sms] enable_signup`, off by default) and anonymous sign-ins. The emulator implements them only
 * switched off, as Savia's config.toml has them: turned on, it would accept what it cannot check, so it
 * refuses to start instead.
 * @param {Record<string, any>} auth
 */
function providersBesidesGoogle(auth) {
  const providers = {
    emailEnabled: auth.email?.enable_signup !== false,
    phoneEnabled: auth.sms?.enable_signup === true,
    anonymousSignIns: auth.enable_anonymous_sign_ins === true,
  };
  const on = Object.entries({
    '[auth.email] enable_signup': providers.emailEnabled,
    '[auth.sms] enable_signup': providers.phoneEnabled,
    '[auth] enable_anonymous_sign_ins': providers.anonymousSignIns,
  })
    .filter(([, enabled]) => enabled)
    .map(([key]) => key);
  if (on.length) {
    throw new Error(`El emulador de auth solo implementa el inicio con Google: supabase/config.toml debe tener ${on.map((k) => `${k} = false`).join(', ')}.`);
  }
  return providers;
}

/**
 * @param {{ enabled?: boolean, uri?: string } | undefined} section
 * @param {string} name
 * @returns {HookConfig | null}
 */
function hookConfig(section, name) {
  if (!section?.enabled || !section.uri) return null;
  const match = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(section.uri);
  if (!match) throw new Error(`Hook ${name}: solo se admiten URIs pg-functions://<db>/<schema>/<función> (${section.uri})`);
  // GoTrue quotes both parts: "schema"."function".
  return { name, uri: section.uri, functionName: `"${match[1]}"."${match[2]}"` };
}
