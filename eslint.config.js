import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';


/**
 * The import boundaries of the codebase, one block per folder (each block replaces the rule for its files,
 * so every pattern a folder obeys is listed in its block). Cycles are caught by a test instead
 * (apps/api/test/import-cycles.unit.test.ts).
 */
const restrict = (...patterns) => ['error', { patterns }];
const noModules = { regex: '(^|/)modules/', message: 'Infrastructure (lib, providers, plugins) stays below the product areas: pass what it needs in.' };
const noProviders = { regex: '(^|/)providers/', message: 'lib stays below providers: move the shared type or helper into lib.' };
const noLocalProvider = {
  regex: '(^|/)providers/[^/]+/local(\\.js)?$',
  message: 'A local provider serves its own files and pages (its `routes`); use the provider through deps.providers.',
};
const areaPublicSurface = {
  // From modules/<a>/x.ts, `../<b>/y.js` reaches into another area; `../<b>/index.js` is its public surface.
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)',
  message: 'Import another area only through its index.ts (its public surface), or register through modules/index.ts.',
};
const noDashboard = {
  regex: '(^|/)(features|app|components)/',
  message: 'The customer pages and the widget are their own small bundles: never import the dashboard’s features, app or components.',
};
const noApiCode = { regex: '(^|/)(apps/)?api/src/|^@kudo/api', message: 'The web app talks to the API over HTTP; share code through @kudo/shared.' };
// The dashboard's layers, lowest first: config → lib → components → features → app. A layer imports only the ones
// below it. A relative path that climbs (`../`) into one of these folders can only reach the layer itself: no
// layer has a subfolder of a higher layer's name (features' own components/ and lib/ are below features).
const webLayer = (folder, message) => ({ regex: `^(\\.\\./)+${folder}(/|$)`, message });
const noWebApp = webLayer(
  'app',
  'Only app/ (the router, the route guard, the frame) imports app/: the screen table and the menu rules are in config/, shared UI in components/.',
);
const noWebFeatures = webLayer('features', 'config, lib and components stay below the features: move what they need down into them.');
const noWebComponents = webLayer('components', 'config and lib stay below components: pass what they need in, or move it down.');
const noWebLib = webLayer('lib', 'config is the lowest layer (data and pure rules): it imports only other config files and packages.');
const otherFeature = (depth) => ({
  // From features/<a>/…, a path that climbs to features/ and down into another feature.
  regex: `^${'\\.\\./'.repeat(depth)}(?!\\.\\.)[^/]+/`,
  message: 'A feature never imports another feature’s internals: move what both need to components/ or lib/.',
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', '.data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', fetch: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', document: 'readonly', window: 'readonly', crypto: 'readonly', URLSearchParams: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/api/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(noModules, noProviders) },
  },
  {
    files: ['apps/api/src/providers/**/*.ts', 'apps/api/src/plugins/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(noModules) },
  },
  {
    files: ['apps/api/src/modules/*/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(areaPublicSurface, noLocalProvider) },
  },
  {
    // SQL text is composed with Prisma.sql (values as parameters, Prisma.raw only for identifiers from a closed list)
    // or sent as a pg statement with parameters; never as a string that values are pasted into.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/generated/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: '$queryRawUnsafe', message: 'Compose the query with Prisma.sql (and Prisma.join / Prisma.raw for fixed identifiers), or use a pg statement with parameters.' },
        { property: '$executeRawUnsafe', message: 'Compose the statement with Prisma.sql (and Prisma.join / Prisma.raw for fixed identifiers), or use a pg statement with parameters.' },
      ],
    },
  },
  {
    files: ['apps/web/src/customer/**/*.{ts,tsx}', 'apps/web/src/embed/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(noDashboard, noApiCode) },
  },
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(noApiCode, noWebApp, otherFeature(1)) },
  },
  {
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(noApiCode, noWebApp, otherFeature(2)) },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(noApiCode, noWebApp, noWebFeatures) },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(noApiCode, noWebApp, noWebFeatures, noWebComponents) },
  },
  {
    files: ['apps/web/src/config/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(noApiCode, noWebApp, noWebFeatures, noWebComponents, noWebLib) },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(noApiCode) },
  },
  {
    files: ['**/*.test.ts', '**/test/**', '**/e2e/**', '**/bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
