// Placeholder until the storage emulator lands: answers 501 so the rest of the stack can boot.
import { sendJson } from '../http.mjs';

export function createStorageService() {
  return { handle: (req, res) => sendJson(res, 501, { message: 'storage emulator not implemented yet' }) };
}
