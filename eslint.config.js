import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// One-way imports: app → features → components | hooks | lib → contract. A feature reaches another
// only through its public face (`index.ts`, `api.ts`); the functions never import the web app.
const FEATURES = readdirSync('src/features');
const PUBLIC = ['index.ts', 'index.tsx', 'api.ts'];
const importZones = [
  { target: './contract', from: ['./src', './functions', './scripts', './test'], message: 'contract/ depends on nothing of the app.' },
  { target: './functions', from: './src', message: 'The functions never import the web app.' },
  { target: './src', from: './functions', message: 'The web app talks to the functions through contract/ and callables only.' },
  { target: ['./src/lib', './src/components', './src/hooks'], from: ['./src/features', './src/app'], message: 'lib/, components/ and hooks/ are below the features.' },
  { target: './src/features', from: './src/app', message: 'Features are below app/.' },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...FEATURES.filter((f) => f !== feature).flatMap((f) => PUBLIC.map((p) => `./${f}/${p}`))],
    message: `Another feature is reached through its index.ts or api.ts; shared pieces belong in components/ or lib/.`,
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'dist-emulators', 'functions/lib', 'tools', '.cache', 'node_modules', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The features call the functions through their api.ts (what each call is named; what it makes stale, the contract says).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/api.ts', 'src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [
          { group: ['**/lib/query'], importNames: ['useCallQuery', 'useFetchCall'], message: "A feature's remote calls are named in its api.ts." },
          { group: ['**/lib/mutation'], importNames: ['useCallMutation'], message: "A feature's remote calls are named in its api.ts." },
        ] },
      ],
    },
  },
  {
    // One writer of the emails: only mail/outbox.ts names the collection Trigger Email sends from.
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/mail/outbox.ts', 'functions/src/data/db.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='COLLECTIONS'][property.name='mail']", message: 'Emails are written by mail/outbox.ts (queueMail, createMailOnce, outboxRef).' },
        { selector: "CallExpression[callee.property.name='collection'] > Literal[value='mail']", message: 'Emails are written by mail/outbox.ts (queueMail, createMailOnce, outboxRef).' },
      ],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
);
