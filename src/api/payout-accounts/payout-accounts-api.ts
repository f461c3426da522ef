// Where a member's payouts go: the banks and wallets the company pays to, each member's payout
// account (versions: the current one has no replaced_at), and a superadmin's permission to use an
// account in someone else's name. Reads go through RLS (a member sees their own; staff, anyone's);
// writes through save_payout_account and set_payout_holder_exception.
import { unwrap } from '@/lib/data/db';
import { oneOf, DOCUMENT_TYPES, PAYOUT_ACCOUNT_TYPES, type DocumentType, type PayoutAccountType } from '@/lib/data/domain';
import { supabase } from '@/lib/data/supabase';

export interface PayoutInstitution {
  code: string;
  name: string;
  kind: 'bank' | 'wallet';
  account_types: PayoutAccountType[];
  number_min_length: number;
  number_max_length: number;
  number_prefix: string | null;
  enabled: boolean;
}

export interface PayoutAccount {
  id: string;
  client_id: string;
  institution_code: string;
  institution_name: string;
  account_type: PayoutAccountType;
  account_number: string;
  holder_name: string;
  holder_document_type: DocumentType;
  holder_document_number: string;
  holder_is_member: boolean;
  created_at: string;
}

export interface PayoutAccountInput {
  institutionCode: string;
  accountType: PayoutAccountType;
  accountNumber: string;
  holderName: string;
  holderDocumentType: DocumentType;
  holderDocumentNumber: string;
}

/** A superadmin's permission for a member to be paid into someone else's account. */
export interface HolderException {
  reason: string;
  granted_at: string;
}

const ACCOUNT_COLUMNS =
  'id, client_id, institution_code, account_type, account_number, holder_name, holder_document_type, holder_document_number, holder_is_member, created_at, payout_institutions(name)';

type AccountRow = Omit<PayoutAccount, 'institution_name' | 'account_type' | 'holder_document_type'> & {
  account_type: string;
  holder_document_type: string;
  payout_institutions: { name: string } | null;
};

const toAccount = ({ payout_institutions, ...row }: AccountRow): PayoutAccount => ({
  ...row,
  institution_name: payout_institutions?.name ?? row.institution_code,
  account_type: oneOf(PAYOUT_ACCOUNT_TYPES, row.account_type),
  holder_document_type: oneOf(DOCUMENT_TYPES, row.holder_document_type),
});

/** Every bank and wallet, enabled first, by name (the member's form offers the enabled ones). */
export async function fetchInstitutions(signal: AbortSignal): Promise<PayoutInstitution[]> {
  const query = supabase
    .from('payout_institutions')
    .select('code, name, kind, account_types, number_min_length, number_max_length, number_prefix, enabled')
    .order('enabled', { ascending: false })
    .order('name')
    .abortSignal(signal);
  return (await unwrap(query)).map((i) => ({
    ...i,
    kind: i.kind === 'wallet' ? 'wallet' : 'bank',
    account_types: i.account_types.map((t) => oneOf(PAYOUT_ACCOUNT_TYPES, t)),
  }));
}

/** A member's current account, or null: the signed-in member's own, or whose record staff open (named, for the index). */
export async function fetchPayoutAccount(clientId: string, signal: AbortSignal): Promise<PayoutAccount | null> {
  const query = supabase.from('payout_accounts').select(ACCOUNT_COLUMNS).is('replaced_at', null).eq('client_id', clientId);
  const row = await unwrap(query.abortSignal(signal).maybeSingle());
  return row ? toAccount(row as AccountRow) : null;
}

export async function fetchHolderException(clientId: string, signal: AbortSignal): Promise<HolderException | null> {
  const query = supabase.from('payout_holder_exceptions').select('reason, granted_at').eq('client_id', clientId).abortSignal(signal).maybeSingle();
  return await unwrap(query);
}

export async function savePayoutAccount(input: PayoutAccountInput) {
  return unwrap(
    supabase.rpc('save_payout_account', {
      p_institution_code: input.institutionCode,
      p_account_type: input.accountType,
      p_account_number: input.accountNumber,
      p_holder_name: input.holderName,
      p_holder_document_type: input.holderDocumentType,
      p_holder_document_number: input.holderDocumentNumber,
    }),
  );
}

export async function setHolderException(input: { clientId: string; allowed: boolean; reason?: string }) {
  return unwrap(supabase.rpc('set_payout_holder_exception', { p_client_id: input.clientId, p_allowed: input.allowed, p_reason: input.reason }));
}
