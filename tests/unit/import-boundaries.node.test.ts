// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe('import boundaries', () => {
  it('a feature may not import another feature, by alias or relative path', async () => {
    const code = [
      "import { settingsMessages } from '@/features/settings/messages';",
      "import { authMessages } from '../auth/messages';",
      "import Login from '../../auth/routes/login';",
      'export const all = [settingsMessages, authMessages, Login];',
    ].join('\n');
    expect(await restricted('src/features/orders/boundary-probe.ts', code)).toBe(3);
  });

  it('a feature may import its own files and the shared layers', async () => {
    const code = [
      "import { settingsMessages } from '../messages';",
      "import { paths } from '@/config/paths';",
      "import { Button } from '@/components/ui/button';",
      "import { cn } from '@/lib/utils';",
      'export const all = [settingsMessages, paths, Button, cn];',
    ].join('\n');
    expect(await restricted('src/features/settings/components/boundary-probe.ts', code)).toBe(0);
  });

  it('shared layers may not depend on features or the app', async () => {
    const code = "import AuthErrorPage from '@/features/auth/routes/auth-error';\nimport { App } from '@/app/app';\nexport const all = [AuthErrorPage, App];";
    expect(await restricted('src/lib/boundary-probe.ts', code)).toBe(2);
    expect(await restricted('src/components/boundary-probe.ts', code)).toBe(2);
    expect(await restricted('src/api/sales/boundary-probe.ts', code)).toBe(2);
  });

  it('the data layer imports only src/lib and src/config', async () => {
    const code = [
      "import { Button } from '@/components/ui/button';",
      "import { unwrap } from '@/lib/data/db';",
      "import { paths } from '@/config/paths';",
      'export const all = [Button, unwrap, paths];',
    ].join('\n');
    expect(await restricted('src/api/sales/boundary-probe.ts', code)).toBe(1);
  });

  it('src/lib does not reach up into the data layer or the components', async () => {
    const code =
      "import { saveAppSettings } from '@/api/settings/settings-api';\nimport { Button } from '@/components/ui/button';\nexport const all = [saveAppSettings, Button];";
    expect(await restricted('src/lib/boundary-probe.ts', code)).toBe(2);
  });
});
