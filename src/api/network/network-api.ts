// The network's one read API: the summary by generation and one page of people, either a node's
// direct enrollees (the tree) or one generation (the table). A member reads their own network; staff
// say whose (clientId). Contact data comes only where the database allows it (direct enrollees).
import { unwrap, type Page } from '@/lib/data/db';
import { supabase } from '@/lib/data/supabase';

export const NETWORK_STATUSES = ['activo', 'inactivo', 'en_riesgo'] as const;
export type NetworkStatus = (typeof NETWORK_STATUSES)[number];

export interface NetworkGeneration {
  /** null: the whole network. */
  generation: number | null;
  members: number;
  active: number;
  /** Below the activity points with income pending (open month only). */
  at_risk: number;
  month_points: number;
  /** The month is closed: its figures are the ones its close froze. */
  month_closed: boolean;
}

export interface NetworkPerson {
  id: string;
  name: string;
  generation: number;
  enroller_id: string;
  enroller_name: string;
  star_level: number;
  is_active: boolean;
  at_risk: boolean;
  month_points: number;
  joined_at: string;
  /** How many direct enrollees they had by the month's end: whether the tree can open them. */
  enrollees: number;
  /** Only for the caller's direct enrollees (staff: everyone). */
  email: string | null;
  phone: string | null;
}

interface Whose {
  /** Staff say whose network; a member reads their own (null). */
  clientId: string | null;
  /** `YYYY-MM-01`. */
  month: string;
}

export type NetworkSummaryParams = Whose;

export interface NetworkPageParams extends Whose {
  /** A node's direct enrollees (the tree), or … */
  parentId?: string | null;
  /** … one generation (the table). */
  generation?: number | null;
  search?: string | null;
  status?: NetworkStatus | null;
  page: number;
  pageSize: number;
}

export async function fetchNetworkSummary(p: NetworkSummaryParams, signal: AbortSignal): Promise<NetworkGeneration[]> {
  const query = supabase.rpc('get_network_summary', { p_client_id: p.clientId ?? undefined, p_month: p.month }).abortSignal(signal);
  return (await unwrap(query)) as NetworkGeneration[];
}

export async function fetchNetworkPage(p: NetworkPageParams, signal: AbortSignal): Promise<Page<NetworkPerson>> {
  const query = supabase
    .rpc('get_network_page', {
      p_client_id: p.clientId ?? undefined,
      p_month: p.month,
      p_parent_id: p.parentId ?? undefined,
      p_generation: p.generation ?? undefined,
      p_search: p.search ?? undefined,
      p_status: p.status ?? undefined,
      p_page: p.page,
      p_page_size: p.pageSize,
    })
    .abortSignal(signal);
  const rows = (await unwrap(query)) as (NetworkPerson & { total: number })[];
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}
