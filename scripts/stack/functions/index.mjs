// Placeholder until the functions emulator lands: answers 501 so the rest of the stack can boot.
import { sendJson } from '../http.mjs';

export function createFunctionsService() {
  return { handle: (req, res) => sendJson(res, 501, { message: 'functions emulator not implemented yet' }) };
}
