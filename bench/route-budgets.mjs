// First-load JavaScript each route may carry, in kB of gzip (1 kB = 1000 bytes, zlib's default
// level, as a web server sends it). bench/README.md («First-load JavaScript per route») says why.
export const budgets = {
  // /login, /auth-error, /p/:slug: the first page anyone sees, often on a phone. Issue 10. They
  // render without supabase-js (loaded on «Continuar con Google», the OAuth callback or a stored session).
  public: 150,
  // The member portal (/mi-cuenta/…): phones on mobile data. Issue 10. Back to 250 (it was 255 for
  // the notification bell, issue 26) since the shells' two sheets (the phone's menu, the bell) and Mis
  // Pedidos' order sheet load on demand: 226.4–241.0 kB measured on 2026-11-27.
  member: 250,
  // The back office (admins at a desk): today's largest route with room for the screens to come.
  backOffice: 300,
};

/**
 * Libraries that are loaded only on the click or page that needs them (STYLE.md, «Heavy libraries»):
 * a chunk holding any of them must never be part of a route's first load.
 */
export const heavyLibraries = ['pdfmake', 'pdfkit', 'qrcode', 'qrcode.react', 'chart.js', 'react-chartjs-2', 'recharts', 'd3-shape', '@nivo/core'];
