// ESLint flat config: TypeScript (type-aware) for the web app, the e2e tests and the configs.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NO_HTML = 'No HTML from text: scenario text is untrusted input (issue 42). Build React elements, or set textContent.';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'wasm-core/**',
      'scripts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'playwright.config.ts', 'playwright.tools.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Scenario text comes from strangers' links (issue 42): no HTML is built from text, and
      // no code either (the page's Content-Security-Policy forbids both; this says where).
      'no-restricted-syntax': ['error',
        { selector: 'MemberExpression[property.name=/^(innerHTML|outerHTML)$/]', message: NO_HTML },
        { selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|parseFromString)$/]', message: NO_HTML },
        { selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]", message: NO_HTML },
        { selector: "CallExpression[callee.property.name='html'][arguments.length>0]", message: NO_HTML },
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: NO_HTML },
      ],
      'no-new-func': 'error',
      'no-eval': 'error',
    },
  },
  {
    files: ['e2e/**/*.ts', 'playwright.config.ts', 'playwright.tools.config.ts', 'web/*.config.ts', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
