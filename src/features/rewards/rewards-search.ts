// Mis Recompensas' URL: `?mes=2026-10` (a month of the ledger, or every month), `?tipo=…` (one
// ledger type) and `?retiros=2` (the page of payout requests). Anything else falls back to the
// default, and defaults stay out of the URL. Three params read by hand rather than through a Zod
// schema (url-state.ts): Zod alone would take the page past the member budget of first-load
// JavaScript (bench/route-budgets.mjs).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LEDGER_TYPES, type LedgerType } from '@/lib/data/domain';
import { monthKey, parseMonth } from '@/lib/format/format';

export interface RewardsSearch {
  mes: string | undefined;
  tipo: LedgerType | undefined;
  retiros: number;
}
export type SetRewardsSearch = (patch: Partial<RewardsSearch>) => void;

export function readRewardsSearch(params: URLSearchParams): RewardsSearch {
  const mes = params.get('mes');
  const tipo = params.get('tipo');
  const retiros = Number(params.get('retiros'));
  return {
    mes: mes !== null && parseMonth(mes) !== null ? monthKey(mes) : undefined,
    tipo: (LEDGER_TYPES as readonly string[]).includes(tipo ?? '') ? (tipo as LedgerType) : undefined,
    retiros: Number.isInteger(retiros) && retiros >= 1 && retiros <= 1_000_000 ? retiros : 1,
  };
}

/** The params with `state` written in, defaults left out, other params kept. */
export function writeRewardsSearch(params: URLSearchParams, state: RewardsSearch): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | undefined) => (value === undefined ? next.delete(key) : next.set(key, value));
  set('mes', state.mes);
  set('tipo', state.tipo);
  set('retiros', state.retiros === 1 ? undefined : String(state.retiros));
  return next;
}

export function useRewardsSearch(): [RewardsSearch, SetRewardsSearch] {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readRewardsSearch(params), [params]);
  const setSearch = useCallback<SetRewardsSearch>(
    (patch) => setParams((current) => writeRewardsSearch(current, { ...readRewardsSearch(current), ...patch })),
    [setParams],
  );
  return [search, setSearch];
}
