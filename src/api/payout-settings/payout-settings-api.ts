// Configuración's «Pagos» (superadmin): the company's side of the payment files and the banks and
// wallets it pays to. Staff read the row (Pagos shows which layouts are on); save_payout_file_settings
// validates and writes it; a superadmin turns an institution on or off by updating its row (RLS).
import { unwrap } from '@/lib/data/db';
import { oneOf, PAYOUT_LAYOUTS, type PayoutLayout } from '@/lib/data/domain';
import { supabase } from '@/lib/data/supabase';

export interface PayoutFileSettings {
  company_nit: string | null;
  company_nit_dv: number | null;
  debit_account_number: string | null;
  debit_account_type: 'ahorros' | 'corriente' | null;
  transaction_class: '220' | '225' | '238';
  enabled_layouts: Exclude<PayoutLayout, 'csv'>[];
}

export interface PayoutFileSettingsInput {
  companyNit: string;
  debitAccountNumber: string;
  debitAccountType: 'ahorros' | 'corriente' | '';
  transactionClass: PayoutFileSettings['transaction_class'];
  enabledLayouts: PayoutFileSettings['enabled_layouts'];
}

const toSettings = (row: {
  company_nit: string | null;
  company_nit_dv: number | null;
  debit_account_number: string | null;
  debit_account_type: string | null;
  transaction_class: string;
  enabled_layouts: string[];
}): PayoutFileSettings => ({
  company_nit: row.company_nit,
  company_nit_dv: row.company_nit_dv,
  debit_account_number: row.debit_account_number,
  debit_account_type: row.debit_account_type === 'corriente' ? 'corriente' : row.debit_account_type === 'ahorros' ? 'ahorros' : null,
  transaction_class: row.transaction_class === '225' ? '225' : row.transaction_class === '238' ? '238' : '220',
  enabled_layouts: row.enabled_layouts.map((l) => oneOf(PAYOUT_LAYOUTS, l)).filter((l): l is 'bancolombia_pab' => l !== 'csv'),
});

export async function fetchPayoutFileSettings(signal: AbortSignal): Promise<PayoutFileSettings> {
  const query = supabase
    .from('payout_file_settings')
    .select('company_nit, company_nit_dv, debit_account_number, debit_account_type, transaction_class, enabled_layouts')
    .eq('id', 'app_settings')
    .abortSignal(signal)
    .single();
  return toSettings(await unwrap(query));
}

export async function savePayoutFileSettings(input: PayoutFileSettingsInput): Promise<PayoutFileSettings> {
  const row = await unwrap(
    supabase.rpc('save_payout_file_settings', {
      p_company_nit: input.companyNit,
      p_debit_account_number: input.debitAccountNumber,
      p_debit_account_type: input.debitAccountType,
      p_transaction_class: input.transactionClass,
      p_enabled_layouts: input.enabledLayouts,
    }),
  );
  return toSettings(row);
}

export async function setInstitutionEnabled(input: { code: string; enabled: boolean }) {
  await unwrap(supabase.from('payout_institutions').update({ enabled: input.enabled }).eq('code', input.code).select('code').single());
}
