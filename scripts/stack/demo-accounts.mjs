// @ts-check
// The people the auth emulator's chooser offers: every e-mail the seed registered, labelled.
// supabase/seed.sql defines `private.demo_accounts()` (demo data, never a migration); without it, none.
/**
 * @param {import('pg').Pool} pool
 * @returns {Promise<{ email: string, name: string, label: string }[]>}
 */
export async function demoAccounts(pool) {
  try {
    const { rows } = await pool.query('select email, name, label from private.demo_accounts() order by sort_key, email');
    return rows;
  } catch {
    return [];
  }
}
