import { DbError, unwrap, unwrapPage, type Page } from '@/lib/data/db';
import { LEAD_STATUSES, oneOf, type LeadStatus } from '@/lib/data/domain';
import { supabase } from '@/lib/data/supabase';

/** A contact left on a member's public page (through submit_lead), with the member's follow-up. */
export interface Lead {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  message: string | null;
  status: LeadStatus;
  created_at: string;
}

const LEAD_COLUMNS = 'id, name, email, phone, message, status, created_at';
const toLead = <T extends { status: string }>(row: T) => ({ ...row, status: oneOf(LEAD_STATUSES, row.status) });

export interface LeadsParams {
  /** The member whose page it is (RLS lets a member read only their own). */
  clientId: string;
  page: number;
  pageSize: number;
}

/** Newest first: the index (client_id, created_at desc) serves each page. */
export async function fetchLeads(p: LeadsParams, signal: AbortSignal): Promise<Page<Lead>> {
  const query = supabase
    .from('leads')
    .select(LEAD_COLUMNS, { count: 'exact' })
    .eq('client_id', p.clientId)
    .order('created_at', { ascending: false })
    .order('id')
    .range((p.page - 1) * p.pageSize, p.page * p.pageSize - 1)
    .abortSignal(signal);
  const page = await unwrapPage(query);
  return { rows: page.rows.map(toLead), total: page.total };
}

/**
 * The member changes only the follow-up state (the only column the API roles may update). A
 * row RLS hides updates nothing and answers no row: said as a permission refusal, not as success.
 */
export async function updateLeadStatus(input: { id: string; status: LeadStatus }): Promise<Lead> {
  const row = await unwrap(supabase.from('leads').update({ status: input.status }).eq('id', input.id).select(LEAD_COLUMNS).maybeSingle());
  if (!row) throw new DbError({ code: '42501', message: 'El contacto no existe o no es tuyo.' }, 403);
  return toLead(row);
}
