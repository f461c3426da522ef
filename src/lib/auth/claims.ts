/** The custom claims the `custom_access_token` hook adds to the access token. */
export interface CustomClaims {
  finance: boolean;
  user_role: string | null;
}

/** An access token's payload. The token was just issued to us; we only read, never trust, it. */
function payloadOf(accessToken: string | null | undefined): Record<string, unknown> | null {
  const payload = accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The custom claims of an access token; none when it cannot be read. */
export function decodeClaims(accessToken: string | null | undefined): CustomClaims {
  const claims = payloadOf(accessToken);
  return {
    finance: claims?.finance === true,
    user_role: typeof claims?.user_role === 'string' ? claims.user_role : null,
  };
}

/** The sign-in the token belongs to (Supabase's `session_id` claim): the same in every tab of it. */
export function sessionIdOf(accessToken: string | null | undefined): string | null {
  const id = payloadOf(accessToken)?.session_id;
  return typeof id === 'string' && id !== '' ? id : null;
}
