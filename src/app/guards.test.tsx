import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import AuthErrorPage from '@/features/auth/routes/auth-error';
import LoginPage from '@/features/auth/routes/login';
import { SessionContext } from '@/lib/auth/session-context';
import type { SessionState } from '@/lib/auth/types';
import { ThemeContext, type ThemeState } from '@/lib/theme/theme-context';
import { RootRoute } from './guards';

const nobody: SessionState = { status: 'ready', user: null, signOut: async () => undefined, retry: () => undefined };
const light: ThemeState = { theme: 'light', setTheme: () => undefined, toggleTheme: () => undefined };
const HOOK_REFUSAL = 'Este correo de Google no está registrado. Inicia sesión con el correo que usaste al enrolarte.';
const NOT_COMPLETED = 'No se completó el inicio de sesión con Google. Inténtalo de nuevo.';

/** The app's root guard over the two auth pages, opened at `url` with nobody signed in. */
function open(url: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootRoute />,
        children: [
          { path: paths.login, element: <LoginPage /> },
          { path: paths.authError, element: <AuthErrorPage /> },
          { path: paths.sales, element: <h1>Ventas</h1> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <ThemeContext.Provider value={light}>
      <SessionContext.Provider value={nobody}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </ThemeContext.Provider>,
  );
  return router;
}

const address = ({ pathname, search, hash }: { pathname: string; search: string; hash: string }) => pathname + search + hash;

describe('RootRoute after a Google sign-in that failed', () => {
  it('the hook refusing the e-mail ends on /auth-error, without the error in the address', async () => {
    const router = open(`/login?error=access_denied&error_code=&error_description=${encodeURIComponent(HOOK_REFUSAL)}#error=access_denied&sb=`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acceso No Autorizado' })).toBeInTheDocument();
    expect(address(router.state.location)).toBe(paths.authError);
  });

  it('Cancel in Google’s chooser ends on /login with a neutral message, not «not registered»', async () => {
    const router = open('/login?error=access_denied&error_code=&error_description=#error=access_denied&sb=');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_COMPLETED);
    expect(screen.getByRole('button', { name: 'Continuar con Google' })).toBeEnabled();
    expect(screen.queryByText(/no está registrado/)).not.toBeInTheDocument();
    expect(address(router.state.location)).toBe(paths.login);
  });

  it('a banned account, wherever it lands, ends on /login with the same message', async () => {
    const router = open('/ventas?error=access_denied&error_code=user_banned&error_description=User+is+banned');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_COMPLETED);
    expect(address(router.state.location)).toBe(paths.login);
  });

  it('/login opened as usual says nothing of an error', async () => {
    open('/login');
    expect(await screen.findByRole('button', { name: 'Continuar con Google' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
