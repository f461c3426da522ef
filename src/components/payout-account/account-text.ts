// How a payout account reads wherever it is shown (Mi Cuenta, Mis Recompensas, Pagos, Clientes).
import { documentTypeLabels, payoutAccountTypeLabels, type DocumentType, type PayoutAccountType } from '@/lib/data/domain';

export interface AccountLike {
  institution: string;
  type: PayoutAccountType;
  number: string;
}

/** «Bancolombia · Cuenta de ahorros 300 0031 4187» (a wallet: «Nequi 300 555 0199»), the number grouped by four. */
export function accountLine(a: AccountLike): string {
  const number = groupDigits(a.number);
  return a.type === 'deposito_electronico' ? `${a.institution} ${number}` : `${a.institution} · ${payoutAccountTypeLabels[a.type]} ${number}`;
}

/** The last four digits only, for a sentence that does not need the whole number: «•••• 4187». */
export function maskedNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}

/** «CC 10.000.005»: the document as people read it (a NIT with its check digit apart). */
export function documentLine(type: DocumentType, number: string): string {
  if (type === 'NIT' && /^\d{10}$/.test(number)) return `NIT ${Number(number.slice(0, 9)).toLocaleString('es-CO')}-${number.slice(9)}`;
  if ((type === 'CC' || type === 'CE') && /^\d+$/.test(number)) return `${type} ${Number(number).toLocaleString('es-CO')}`;
  return `${type} ${number}`;
}

export const documentTypeName = (type: DocumentType) => documentTypeLabels[type];

function groupDigits(number: string): string {
  // A mobile (10 digits from 3) reads 300 555 0199; an account, in fours from the left.
  if (/^3\d{9}$/.test(number)) return `${number.slice(0, 3)} ${number.slice(3, 6)} ${number.slice(6)}`;
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}
