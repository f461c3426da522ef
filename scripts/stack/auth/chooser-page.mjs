// @ts-check
// The page that stands in for Google's account chooser: the seeded people as buttons, and a
// field for any other address (to try one that is not registered). Both forms post the
// flow state and the chosen e-mail to /auth/v1/callback, as Google's redirect would land there.

/** @type {Record<string, string>} */
const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (/** @type {unknown} */ text) => String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

const AVATAR_COLOURS = ['#1a73e8', '#188038', '#d93025', '#f9ab00', '#9334e6', '#e8710a'];

/**
 * @param {{ email: string, name?: string, label?: string }} account
 * @param {number} index
 */
function accountButton({ email, name, label }, index) {
  const initial = (name || email).trim().charAt(0).toUpperCase();
  return `<li><button type="submit" name="email" value="${escapeHtml(email)}" class="account">
      <span class="avatar" aria-hidden="true" style="background:${AVATAR_COLOURS[index % AVATAR_COLOURS.length]}">${escapeHtml(initial)}</span>
      <span class="who"><span class="name">${escapeHtml(name || email)}</span><span class="email">${escapeHtml(email)}${label ? ` · ${escapeHtml(label)}` : ''}</span></span>
    </button></li>`;
}

/**
 * @param {{ state: string, accounts: { email: string, name?: string, label?: string }[], callbackPath: string }} params
 */
export function chooserPage({ state, accounts, callbackPath }) {
  const hiddenState = `<input type="hidden" name="state" value="${escapeHtml(state)}">`;
  const list = accounts.length
    ? `<form method="post" action="${escapeHtml(callbackPath)}">${hiddenState}<ul class="accounts">${accounts.map(accountButton).join('')}</ul></form>`
    : '';
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acceder: cuentas de Google</title>
<style>
  body { margin: 0; font-family: Roboto, Arial, sans-serif; background: #f0f4f9; color: #1f1f1f; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border-radius: 28px; padding: 36px 40px; width: min(450px, 92vw); box-sizing: border-box; }
  .logo { font-size: 22px; font-weight: 500; letter-spacing: -0.5px; }
  .logo span:nth-child(1) { color: #4285f4 } .logo span:nth-child(2) { color: #ea4335 } .logo span:nth-child(3) { color: #fbbc05 }
  .logo span:nth-child(4) { color: #4285f4 } .logo span:nth-child(5) { color: #34a853 } .logo span:nth-child(6) { color: #ea4335 }
  h1 { font-size: 32px; font-weight: 400; margin: 24px 0 8px; }
  p.sub { margin: 0 0 24px; font-size: 16px; }
  ul.accounts { list-style: none; margin: 0 0 16px; padding: 0; border-top: 1px solid #e0e0e0; }
  ul.accounts li { border-bottom: 1px solid #e0e0e0; }
  button.account { all: unset; box-sizing: border-box; display: flex; gap: 12px; align-items: center; width: 100%; padding: 12px 8px; cursor: pointer; }
  button.account:hover, button.account:focus-visible { background: #f1f3f4; outline: none; }
  .avatar { width: 28px; height: 28px; border-radius: 50%; color: #fff; display: grid; place-items: center; font-size: 14px; flex: none; }
  .who { display: flex; flex-direction: column; }
  .name { font-size: 14px; font-weight: 500; } .email { font-size: 12px; color: #444746; }
  label { display: block; font-size: 14px; margin: 16px 0 6px; }
  input[type=email] { width: 100%; box-sizing: border-box; padding: 14px; font-size: 16px; border: 1px solid #747775; border-radius: 4px; }
  .actions { display: flex; justify-content: flex-end; margin-top: 20px; }
  .actions button { background: #0b57d0; color: #fff; border: 0; border-radius: 20px; padding: 10px 24px; font-size: 14px; cursor: pointer; }
  .note { font-size: 12px; color: #444746; margin-top: 24px; }
</style>
</head>
<body>
<main>
  <div class="logo" aria-hidden="true"><span>G</span><span>o</span><span>o</span><span>g</span><span>l</span><span>e</span></div>
  <h1>Elige una cuenta</h1>
  <p class="sub">para continuar a Savia</p>
  ${list}
  <form method="post" action="${escapeHtml(callbackPath)}">
    ${hiddenState}
    <label for="other-email">Correo electrónico</label>
    <input id="other-email" name="email" type="email" required autocomplete="email" placeholder="nombre@ejemplo.com">
    <div class="actions"><button type="submit">Continuar</button></div>
  </form>
  <p class="note">Entorno local: esta página sustituye a Google. Nadie comprueba contraseñas.</p>
</main>
</body>
</html>`;
}
