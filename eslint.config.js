import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Features never import each other (bulletproof-react): shared code lives in src/lib,
// src/components or src/config, and only src/app composes features.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: features
              .filter((f) => f !== feature)
              .flatMap((f) => [
                `@/features/${f}`,
                `@/features/${f}/**`,
                `**/features/${f}`,
                `**/features/${f}/**`,
                ...['../', '../../', '../../../'].flatMap((up) => [`${up}${f}`, `${up}${f}/**`]),
              ]),
            message: 'Una feature no importa otra: mueve lo compartido a src/lib, src/components o src/config, o compónlo en src/app.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'node_modules', '.local', 'test-results', 'playwright-report', 'src/lib/database.types.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    // TanStack Query's recommended rules and its strict one, prefer-query-options: no key typed by hand (STYLE.md).
    extends: [js.configs.recommended, ...tseslint.configs.recommended, ...pluginQuery.configs['flat/recommended-strict']],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Shared layers may not reach up into features or the app.
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*', '@/app/*', '**/features/*', '**/app/*'], message: 'src/components no depende de features ni de src/app.' }] },
      ],
    },
  },
  {
    // The data layer is cut by what the database holds: it imports only src/lib and src/config.
    files: ['src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '@/components/*', '**/features/*', '**/app/*', '**/components/*'],
              message: 'src/api solo importa src/lib y src/config: las pantallas usan el api, no al revés.',
            },
          ],
        },
      ],
    },
  },
  {
    // The foundations: src/lib and src/config depend on nothing above them.
    files: ['src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '@/api/*', '@/components/*', '**/features/*', '**/app/*', '**/api/*', '**/components/*'],
              message: 'src/lib y src/config no dependen de features, src/app, src/api ni src/components.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['src/features/**/routes/*.tsx'],
    // Lazy route modules export their page as default.
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['tests/**/*.{ts,tsx}', '*.config.ts', 'scripts/**/*.{ts,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
