// The local stand-in for pg_net's background worker (see platform.sql): takes the requests that
// committed transactions queued with net.http_post / net.http_get, sends them, and keeps each answer
// in net._http_response for six hours, as pg_net does. A request is taken out of the queue when it is
// sent (as pg_net does), so a stack stopped mid-request loses it; pg_cron asks again a minute later.
import pg from 'pg';
import { adminUrl } from '../lib/pg-cluster.mjs';

const POLL_MS = 250;
const BATCH = 20;
const TTL = '6 hours';

/** @param {{ dbUrl: string }} cfg  @returns {{ close: () => Promise<void> }} */
export function startPgNetWorker(cfg) {
  const pool = new pg.Pool({ connectionString: adminUrl(cfg.dbUrl), max: 2 });
  pool.on('error', () => {});
  let stopped = false;
  let timer;
  const inFlight = new Set();

  async function send(request) {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), request.timeout_milliseconds);
    let answer;
    try {
      const res = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.method === 'GET' ? undefined : request.body,
        signal: controller.signal,
      });
      answer = { status: res.status, type: res.headers.get('content-type'), headers: Object.fromEntries(res.headers), content: await res.text() };
    } catch (error) {
      answer = {
        timedOut: controller.signal.aborted,
        error: controller.signal.aborted ? 'Timeout was reached' : String(error.cause?.message ?? error.message),
      };
    } finally {
      clearTimeout(timeout);
    }
    await pool
      .query(
        `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          request.id,
          answer.status ?? null,
          answer.type ?? null,
          answer.headers ?? null,
          answer.content ?? null,
          answer.timedOut ?? false,
          answer.error ?? null,
        ],
      )
      .catch(() => {});
  }

  async function poll() {
    try {
      const { rows } = await pool.query(
        `delete from net.http_request_queue
          where id in (select id from net.http_request_queue order by id limit $1 for update skip locked)
         returning id, method, url, headers, body, timeout_milliseconds`,
        [BATCH],
      );
      for (const request of rows) {
        const task = send(request).finally(() => inFlight.delete(task));
        inFlight.add(task);
      }
      if (rows.length) await pool.query(`delete from net._http_response where created < now() - interval '${TTL}'`);
    } catch {
      // The database is restarting or the schema is not there yet: try again on the next tick.
    }
    if (!stopped) timer = setTimeout(poll, POLL_MS);
  }
  timer = setTimeout(poll, POLL_MS);

  return {
    async close() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
      await pool.end();
    },
  };
}
