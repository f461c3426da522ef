import type { PlanLevel, PlanLevelDraft } from '@/api/plan/plan-api';

/** A level as typed: strings, so a half-typed number stays on screen; rates as percentages. */
export interface LevelRow {
  name: string;
  personal_points: string;
  group_points: string;
  rates: string[];
  volume: string;
  starter: string;
}

const percent = (rate: number) => String(Number((rate * 100).toFixed(2)));

export function toRows(levels: PlanLevel[]): LevelRow[] {
  return levels.map((l) => ({
    name: l.name,
    personal_points: String(l.personal_points),
    group_points: String(l.group_points),
    rates: l.commission_rates.map(percent),
    volume: percent(l.volume_bonus_rate),
    starter: String(l.starter_bonus),
  }));
}

/** Only a change of unit (percent → fraction); an empty or non-numeric field goes as null and the database names it. */
const number = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));
const fraction = (text: string) => {
  const n = number(text);
  return n === null ? null : Number((n / 100).toFixed(6));
};

export function toDraft(rows: LevelRow[]): PlanLevelDraft[] {
  return rows.map((r) => ({
    name: r.name,
    personal_points: number(r.personal_points),
    group_points: number(r.group_points),
    commission_rates: r.rates.map(fraction),
    volume_bonus_rate: fraction(r.volume),
    starter_bonus: number(r.starter),
  })) as PlanLevelDraft[];
}

/** A new top level starts as a copy of the one below (the person then raises its requirements). */
export function nextLevel(rows: LevelRow[]): LevelRow {
  const last = rows.at(-1);
  return last
    ? { ...last, name: `Estrella ${rows.length + 1}`, rates: [...last.rates, '0'] }
    : { name: 'Estrella 1', personal_points: '100', group_points: '0', rates: ['10'], volume: '0', starter: '0' };
}
