// The one way into Supabase: every answer of supabase-js (PostgREST, RPC, Storage) goes through
// unwrap(), which returns the data or throws a DbError. Screens branch on `saviaCode` (the stable
// code the database puts in the hint, «savia:<code>») or on `kind`, never on message text, and
// show people `userMessage(error)`.

/**
 * Every refusal code the database raises through private.refuse(). A unit test reads the
 * migrations and fails when one is missing here, so a screen can rely on the union.
 */
export const SAVIA_CODES = [
  'above_balance',
  'already_staff',
  'append_only',
  'bank_file_invalid',
  'batch_not_found',
  'batch_voided',
  'before_first_period',
  'below_minimum',
  'busy',
  'client_not_found',
  'client_required',
  'close_in_progress',
  'consent_required',
  'contact_required',
  'duplicate_product',
  'duplicate_supplier',
  'email_taken',
  'email_unavailable',
  'empty_order',
  'empty_restock',
  'forbidden',
  'formula_not_allowed',
  'fraud_signs_unreviewed',
  'inactive_product',
  'inactive_supplier',
  'insufficient_stock',
  'invalid_amount',
  'invalid_answers',
  'invalid_benefits',
  'invalid_buyer',
  'invalid_components',
  'invalid_cost',
  'invalid_document',
  'invalid_email',
  'invalid_enroller',
  'invalid_enrollment',
  'invalid_filter',
  'invalid_image',
  'invalid_layout',
  'invalid_name',
  'invalid_outcome',
  'invalid_page',
  'invalid_payment_method',
  'invalid_payout_account',
  'invalid_period',
  'invalid_phone',
  'invalid_plan',
  'invalid_points',
  'invalid_price',
  'invalid_product',
  'invalid_quantity',
  'invalid_range',
  'invalid_recipe',
  'invalid_role',
  'invalid_search',
  'invalid_selection',
  'invalid_settings',
  'invalid_sku',
  'invalid_slug',
  'invalid_transition',
  'invalid_voucher',
  'invisible_text',
  'invitation_pending',
  'kit_in_order',
  'last_superadmin',
  'layout_currency',
  'markup_not_allowed',
  'member_email',
  'message_too_long',
  'month_not_closed',
  'network_cycle',
  'network_path',
  'not_owner',
  'order_total_changed',
  'own_role',
  'owner_exists',
  'owner_pending',
  'page_not_found',
  'payout_account_required',
  'payout_holder_in_use',
  'payout_holder_not_member',
  'payout_in_bank_file',
  'payout_not_covered',
  'payout_not_found',
  'period_closed',
  'period_closing',
  'period_not_closed',
  'period_not_ended',
  'previous_period_open',
  'product_in_use',
  'reason_required',
  'recipe_without_products',
  'reference_required',
  'reply_already_applied',
  'reply_changed',
  'reply_empty',
  'reply_nothing_to_apply',
  'reply_too_large',
  'sale_not_found',
  'same_enroller',
  'second_approver_required',
  'simulation_not_found',
  'sku_taken',
  'slug_taken',
  'staff_email',
  'stock_not_editable',
  'supplier_in_use',
  'text_too_long',
  'too_many_changes',
  'too_many_leads',
  'too_many_lines',
  'too_many_pending',
  'unknown_client',
  'unknown_enroller',
  'unknown_kit',
  'unknown_product',
  'unknown_recipe',
  'unknown_staff',
  'unknown_supplier',
] as const;

export type SaviaCode = (typeof SAVIA_CODES)[number];

/** What kind of failure it was, which decides the sentence people read and whether to retry. */
export type DbErrorKind =
  | 'refusal' // the database said no, with its own Spanish sentence (P0001)
  | 'permission' // 42501, or a policy that hid the row
  | 'session' // the session expired or was revoked
  | 'conflict' // unique or foreign-key violation
  | 'invalid' // a check or data exception the form let through
  | 'timeout' // the statement ran out of time
  | 'network' // no answer came back (none at all, or the gateway's 502/504): it may or may not have been done
  | 'server'; // anything else

export const dbMessages = {
  permission: 'No tienes permiso para hacer esto.',
  session: 'Tu sesión expiró. Vuelve a iniciar sesión; no se guardó nada.',
  // Without an answer nobody knows whether the database did it: a change may have been saved, and a
  // second try could do it twice. A read's screen says «No pudimos cargar…» above this sentence.
  network:
    'No recibimos la respuesta del servidor: revisa tu conexión. Si estabas guardando algo, puede que sí se haya guardado; compruébalo antes de intentarlo de nuevo.',
  timeout: 'La operación tardó demasiado y se canceló; no se guardó nada. Inténtalo de nuevo en un momento.',
  conflict: 'Ya existe un registro con esos datos.',
  invalid: 'Algún dato no es válido; revisa el formulario.',
  server: 'Algo falló en el servidor; no se guardó nada. Inténtalo de nuevo.',
} as const;

/**
 * Unique and foreign-key violations a form can cause, by constraint name: the database names
 * the constraint, this says it in Spanish.
 */
const constraintMessages: Record<string, string> = {
  clients_email_unico: 'Ya existe un miembro con ese correo.',
  clients_slug_unico: 'Esa dirección de página pública ya la usa otro miembro.',
  products_sku_unico: 'Ya existe un producto con ese SKU.',
  suppliers_nombre_unico: 'Ya existe un proveedor con ese nombre.',
  staff_invitations_una_pendiente_por_correo: 'Ya hay una invitación pendiente para ese correo.',
};

interface RawError {
  message?: unknown;
  code?: unknown;
  hint?: unknown;
  details?: unknown;
  status?: unknown;
  statusCode?: unknown;
  name?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export class DbError extends Error {
  override readonly name = 'DbError';
  /** SQLSTATE (P0001, 42501…), a PostgREST code (PGRST…) or the HTTP status as text. */
  readonly code: string | null;
  readonly hint: string | null;
  readonly details: string | null;
  /** HTTP status of the answer, 0 when there was none. */
  readonly status: number | null;
  readonly saviaCode: SaviaCode | null;
  readonly kind: DbErrorKind;

  constructor(raw: RawError, status: number | null = null) {
    super(text(raw.message) ?? 'Error desconocido');
    this.code = text(raw.code);
    this.hint = text(raw.hint);
    this.details = text(raw.details);
    const rawStatus = Number(raw.status ?? raw.statusCode ?? status);
    this.status = Number.isFinite(rawStatus) ? rawStatus : null;
    this.saviaCode = parseSaviaCode(this.hint);
    this.kind = classify(this);
  }

  /** The sentence a person reads. */
  get userMessage(): string {
    if (this.kind === 'refusal') return this.message;
    if (this.kind === 'conflict') return constraintMessage(this.message) ?? dbMessages.conflict;
    // Older checks raise Spanish sentences with a SQLSTATE of their class: keep their words.
    if (this.kind === 'invalid' && isSpanishSentence(this.message)) return this.message;
    return dbMessages[this.kind === 'invalid' ? 'invalid' : this.kind];
  }

  /** Worth trying again: the request failed, not the rule. A «no» never becomes a «yes». */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'server' || this.kind === 'timeout';
  }
}

function parseSaviaCode(hint: string | null): SaviaCode | null {
  const match = /^savia:([a-z_]+)$/.exec(hint ?? '');
  const code = match?.[1];
  return code && (SAVIA_CODES as readonly string[]).includes(code) ? (code as SaviaCode) : null;
}

function classify(e: DbError): DbErrorKind {
  const code = e.code ?? '';
  if (code === 'P0001' || e.saviaCode) return 'refusal';
  if (code === '42501' || e.status === 403) return 'permission';
  if (code.startsWith('PGRST3') || e.status === 401) return 'session';
  if (code === '23505' || code === '23503') return 'conflict';
  if (code === '57014' || code === '55P03') return 'timeout';
  if (code.startsWith('22') || code.startsWith('23') || code.startsWith('PGRST1') || e.status === 400 || e.status === 413 || e.status === 415) return 'invalid';
  if (e.status === 0 || /failed to fetch|fetch failed|networkerror|load failed|network request failed/i.test(e.message)) return 'network';
  // The gateway gave up waiting for the database (or lost it): the request may have committed there.
  if (!e.code?.match(/^[0-9A-Z]{5}$/) && (e.status === 502 || e.status === 504)) return 'network';
  return 'server';
}

function constraintMessage(message: string): string | null {
  const name = /constraint "([^"]+)"/.exec(message)?.[1];
  return (name && constraintMessages[name]) || null;
}

function isSpanishSentence(message: string): boolean {
  // English PostgreSQL messages («new row for relation…») never carry these letters.
  return /[áéíóúñ¿¡]/i.test(message);
}

/** Any thrown value as a DbError (supabase-js errors, fetch TypeErrors, anything). */
export function toDbError(error: unknown, status: number | null = null): DbError {
  if (error instanceof DbError) return error;
  if (error instanceof TypeError) return new DbError({ message: error.message, status: 0 });
  if (error && typeof error === 'object') return new DbError(error as RawError, status);
  return new DbError({ message: String(error) }, status);
}

/** supabase-js answers either data or an error, never both. */
interface Success<T> {
  data: T;
  error: null;
  status?: number;
  count?: number | null;
}
interface Failure {
  data: null;
  error: object;
  status?: number;
  count?: number | null;
}
type SupabaseAnswer<T> = Success<T> | Failure;

/** A PostgREST request builder can switch off its own retries (postgrest-js retries GETs). */
interface Retriable {
  retry?: (enabled: boolean) => unknown;
}

/** The data an answer carries when it succeeds. */
type DataOf<A> = Extract<A, { error: null }> extends { data: infer T } ? T : never;

/**
 * The answer, or a thrown DbError. The spec's three retries belong to TanStack Query (see
 * query-client.ts): postgrest-js's own retries of GETs are switched off here, or a failed read
 * would be tried sixteen times.
 */
async function settle<A extends SupabaseAnswer<unknown>>(request: PromiseLike<A> & Retriable): Promise<Success<DataOf<A>>> {
  if (typeof request.retry === 'function') request.retry(false);
  let answer: A;
  try {
    answer = await request;
  } catch (error) {
    throw toDbError(error);
  }
  if (answer.error) throw toDbError(answer.error, answer.status ?? null);
  return answer as unknown as Success<DataOf<A>>;
}

/** The data of a supabase-js answer, or a thrown DbError. */
export async function unwrap<A extends SupabaseAnswer<unknown>>(request: PromiseLike<A> & Retriable): Promise<DataOf<A>> {
  return (await settle(request)).data;
}

/** One page of a list and how many rows the whole list has. */
export interface Page<T> {
  rows: T[];
  total: number;
  /** The count stopped at `total`: there are more rows (a list too long to count on every keystroke). */
  capped?: boolean;
}

/** The rows of a `select(…, { count: 'exact' })` and the count, or a thrown DbError. */
type RowOf<A> = DataOf<A> extends readonly (infer R)[] | null ? R : never;

export async function unwrapPage<A extends SupabaseAnswer<unknown[] | null>>(request: PromiseLike<A> & Retriable): Promise<Page<RowOf<A>>> {
  const answer = await settle(request);
  return { rows: (answer.data ?? []) as RowOf<A>[], total: answer.count ?? 0 };
}

/** The sentence to show for any error, DbError or not. */
export function userMessage(error: unknown): string {
  return toDbError(error).userMessage;
}

/** Retry failed fetches (network, server), never refusals: a person should not wait 7 s to read «no». */
export function isRetryable(error: unknown): boolean {
  return toDbError(error).retryable;
}
