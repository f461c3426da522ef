/** The custom claims the `custom_access_token` hook adds to the access token. */
export interface CustomClaims {
  finance: boolean;
  user_role: string | null;
}

/** Reads an access token's payload. The token was just issued to us; we only read, never trust, it. */
export function decodeClaims(accessToken: string | null | undefined): CustomClaims {
  const empty: CustomClaims = { finance: false, user_role: null };
  const payload = accessToken?.split('.')[1];
  if (!payload) return empty;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims = JSON.parse(json) as Record<string, unknown>;
    return {
      finance: claims.finance === true,
      user_role: typeof claims.user_role === 'string' ? claims.user_role : null,
    };
  } catch {
    return empty;
  }
}
