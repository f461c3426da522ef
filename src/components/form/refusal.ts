// Where a database refusal belongs in a form. A refusal names its field one of two ways: in its
// DETAIL (`private.refuse(code, message, detail)`: «email», «2» for a line) or by its stable code
// (`above_balance` is about the amount). A form says which of its fields each name means; what no
// field takes is the form's own alert. Pure, so the public page's contact form (no react-hook-form,
// for its bundle budget) places its refusals the same way.
import type { DbError, SaviaCode } from '@/lib/data/db';

export type RefusalFields<F extends string> =
  | {
      /** DETAIL → field; a list when DETAIL is the field's own name. */
      details?: Readonly<Partial<Record<string, F>>> | readonly F[];
      /** Refusal code → field. */
      codes?: Readonly<Partial<Record<SaviaCode, F>>>;
    }
  /** Any other rule (a DETAIL that lists product ids): the fields, none, or null. */
  | ((error: DbError) => F | readonly F[] | null | undefined);

/** The fields a refusal belongs to, in the order they appear; empty when it is the form's. */
export function refusedFields<F extends string>(error: DbError, fields: RefusalFields<F> | undefined): F[] {
  if (!fields) return [];
  if (typeof fields === 'function') {
    const found = fields(error);
    return found == null ? [] : typeof found === 'string' ? [found as F] : [...(found as readonly F[])];
  }
  const { details, codes } = fields;
  const detail = error.details ?? '';
  const byDetail = Array.isArray(details)
    ? details.includes(detail as F)
      ? (detail as F)
      : undefined
    : (details as Partial<Record<string, F>> | undefined)?.[detail];
  const byCode = error.saviaCode ? codes?.[error.saviaCode] : undefined;
  const field = byDetail ?? byCode;
  return field ? [field] : [];
}
