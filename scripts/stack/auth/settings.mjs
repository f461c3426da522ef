// The auth settings the emulator obeys, read from supabase/config.toml like the Supabase CLI
// feeds them to GoTrue, with the CLI's defaults where the file is silent.
import { join } from 'node:path';
import { ROOT } from '../../lib/config.mjs';
import { readTomlFile } from '../../lib/toml.mjs';

/**
 * @typedef {{ name: string, uri: string, functionName: string }} HookConfig
 * @typedef {ReturnType<typeof authSettings>} AuthSettings
 */

/** @param {{ siteUrl: string, publicApiUrl: string, signingKey: object }} cfg */
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
    anonymousSignIns: auth.enable_anonymous_sign_ins ?? false,
    emailEnabled: auth.email?.enable_signup !== false,
    googleEnabled: external.google?.enabled === true,
    flowStateExpirySeconds: 300,
    hooks: {
      beforeUserCreated: hookConfig(auth.hook?.before_user_created, 'before-user-created'),
      customAccessToken: hookConfig(auth.hook?.custom_access_token, 'customize-access-token'),
    },
  };
}

/** @returns {HookConfig | null} */
function hookConfig(section, name) {
  if (!section?.enabled || !section.uri) return null;
  const match = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(section.uri);
  if (!match) throw new Error(`Hook ${name}: solo se admiten URIs pg-functions://<db>/<schema>/<función> (${section.uri})`);
  // GoTrue quotes both parts: "schema"."function".
  return { name, uri: section.uri, functionName: `"${match[1]}"."${match[2]}"` };
}
