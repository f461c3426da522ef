// A database job (20250701100000_jobs.sql) run by the benchmark as the job runner runs it: taken, then
// one step per transaction (each call below commits on its own, as run_jobs commits after each step),
// then let go. Each step is timed, so the figures say both the whole job and its longest transaction
// (a hosted project stops any statement after 2 minutes).
import { performance } from 'node:perf_hooks';
import { fmt, ms } from './measure.mjs';

/**
 * Runs job `id` to its end on `db` (postgres, outside any request); returns the job and its steps' times.
 * `helpers`: other connections that work as pg_cron's second runner does while it has nothing of its
 * own (private.close_help: chunks of the close under way), each call a transaction; `helped` counts them.
 */
export async function runJob(db, id, helpers = []) {
  const t0 = performance.now();
  let finished = false;
  let helped = 0;
  let helperLongest = 0;
  const helping = helpers.map(async (helper) => {
    while (!finished) {
      const t1 = performance.now();
      const {
        rows: [h],
      } = await helper.query('select private.close_help() as helped');
      if (h.helped) {
        helped += 1;
        helperLongest = Math.max(helperLongest, ms(t1));
      } else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  const {
    rows: [claimed],
  } = await db.query('select private.claim_job($1) as id', [id]);
  if (String(claimed.id) !== String(id)) throw new Error(`el trabajo ${id} no se pudo tomar (¿lo tiene otro ejecutor?)`);
  const steps = [];
  try {
    for (;;) {
      const {
        rows: [before],
      } = await db.query('select coalesce(step, $2) as step from private.jobs where id = $1', [id, 'begin']);
      const t1 = performance.now();
      const {
        rows: [after],
      } = await db.query('select private.run_job_step($1) as status', [id]);
      steps.push({ step: before.step, ms: ms(t1) });
      if (after.status !== 'running') break;
    }
  } finally {
    finished = true;
    await Promise.all(helping);
    await db.query('select private.release_job($1)', [id]);
  }
  const {
    rows: [job],
  } = await db.query('select id, kind, status, step, attempts, result, error from private.jobs where id = $1', [id]);
  return { job, steps, helped, ms: ms(t0), longest: Math.max(helperLongest, ...steps.map((s) => s.ms)) };
}

/** Each step's calls, time and longest call, in the order the job went through them. */
export function stepTable(steps) {
  const by = new Map();
  for (const s of steps) {
    const row = by.get(s.step) ?? { step: s.step, calls: 0, ms: 0, longest: 0 };
    row.calls += 1;
    row.ms += s.ms;
    row.longest = Math.max(row.longest, s.ms);
    by.set(s.step, row);
  }
  return [...by.values()].map((r) => `${r.step}: ${r.calls} llamada(s), ${fmt(r.ms)} ms (la más larga ${fmt(r.longest)} ms)`);
}
