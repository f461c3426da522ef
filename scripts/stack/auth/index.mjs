// Placeholder until the auth emulator lands: answers 501 so the rest of the stack can boot.
import { sendJson } from '../http.mjs';

export function createAuthService() {
  return { handle: (req, res) => sendJson(res, 501, { message: 'auth emulator not implemented yet' }) };
}
