import {readdirSync} from 'node:fs'
import path from 'node:path'

import js from '@eslint/js'
import {createNodeResolver, importX} from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const workspaces = ['schemas', 'lake', 'studio', 'web', 'server', 'functions', 'content', 'tests', 'scripts']
const others = (...allowed) => workspaces.filter((name) => !allowed.includes(name)).map((name) => `./${name}`)

/**
 * Who may import whom. `schemas/` is the shared floor and imports no other workspace; the lake stands alone; the
 * studio, the site and the functions share rules only through `schemas/` (tests may start a lake); `functions/lib`
 * is what the functions' features build on, so it never imports a feature; `server/`, the composition root, imports
 * the site and the functions, and nothing it composes imports it.
 */
export const boundaryZones = [
  {target: './schemas', from: others('schemas'), message: 'schemas/ is shared by every workspace and imports none.'},
  {target: './lake', from: others('lake'), message: 'The lake stands alone: it imports no other workspace.'},
  {
    target: './studio',
    from: others('studio', 'schemas', 'lake'),
    message: 'The studio shares rules with the site and the functions only through schemas/.',
  },
  {
    target: './web',
    from: others('web', 'schemas'),
    message: 'The site shares rules with the functions and the studio only through schemas/, and never imports server/.',
  },
  {
    target: './server',
    from: others('server', 'web', 'functions', 'schemas', 'lake'),
    message: 'server/ composes the site and the functions; it imports no studio, content, tests or scripts.',
  },
  {
    target: './functions',
    from: others('functions', 'schemas', 'lake', 'scripts'),
    message: 'The functions share rules with the site and the studio only through schemas/.',
  },
  {
    target: './functions/lib',
    from: './functions',
    except: ['./lib'],
    message:
      'functions/lib is what the features build on: it never imports a feature (compose them in functions/runtime.ts).',
  },
]

/**
 * The site's features (docs/decisions/181): a feature imports another only through that feature's public
 * `index.ts`, which exports what the others use; everything else in a feature is its own. `app/` composes the
 * features (routes, pages) and the shared folders are outside these zones. One zone per feature, read from the folder,
 * so a new feature is covered the day it is made.
 */
const webFeatures = readdirSync(path.join(import.meta.dirname, 'web/src/features'), {withFileTypes: true})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export const webFeatureZones = webFeatures.map((feature) => ({
  target: webFeatures.filter((other) => other !== feature).map((other) => `./web/src/features/${other}`),
  from: `./web/src/features/${feature}`,
  except: ['./index.ts'],
  message: `Another feature imports web/src/features/${feature} only through its public index.ts (export there what it needs).`,
}))

/**
 * The functions' features import one another one way only (docs/decisions/181): the staff API composes the staff
 * pieces of the waitlist, the privacy requests, the retention and the traveller's request, and none of them imports
 * the staff API. What two of them share belongs in functions/lib or schemas/. Tests may cross to drive a whole flow.
 */
export const functionsFeatureZones = [
  {
    target: [
      './functions/waitlist',
      './functions/privacy-requests',
      './functions/apply-retention',
      './functions/traveller-request',
    ],
    from: './functions/staff',
    message:
      'The staff API uses the waitlist, privacy requests, retention and traveller request features, never the reverse: move what both need to functions/lib or schemas/.',
  },
]

/**
 * Tests anywhere may also share the hostile inputs (`tests/hostile/`), the one list every endpoint's tests throw at it.
 */
export const testBoundaryZones = [
  ...boundaryZones.map((zone) =>
    Array.isArray(zone.from) && zone.from.includes('./tests') ? {...zone, except: ['./hostile']} : zone,
  ),
  ...webFeatureZones,
]

/**
 * Typed queries (docs/decisions/189): what the functions and the site server read from the lake is a `defineQuery` in a
 * `queries/` folder, which typegen scans, and the call passes it without a type argument, so the generated result is
 * the type and a projection cannot drift from it. Outside `queries/` this rule refuses a `fetch<…>(…)` type argument
 * and a GROQ string (one that reads documents, `*[`). A query composed at run time, which typegen cannot read, keeps
 * its `fetch<T>`: the line before says so with `// Typed-query exception (docs/decisions/189): <why>`.
 */
const TYPED_QUERY_EXCEPTION = /Typed-query exception \(docs\/decisions\/189\): \S/
export const typedQueriesPlugin = {
  rules: {
    'typed-queries': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          generic:
            'No fetch<…> type argument: read a defineQuery from a queries/ folder and let typegen type it (docs/decisions/189), or say why not: // Typed-query exception (docs/decisions/189): <why>.',
          inline:
            'No inline GROQ: put the query in a defineQuery file in a queries/ folder (docs/decisions/189), or say why not: // Typed-query exception (docs/decisions/189): <why>.',
        },
      },
      create(context) {
        const {sourceCode} = context
        const commentsEndingOn = new Map()
        for (const comment of sourceCode.getAllComments())
          commentsEndingOn.set(comment.loc.end.line, [...(commentsEndingOn.get(comment.loc.end.line) ?? []), comment])
        const marked = (line) => (commentsEndingOn.get(line) ?? []).some((comment) => TYPED_QUERY_EXCEPTION.test(comment.value))
        // The marker on the line of the node or of its statement, or in the block of comment lines right above either.
        const markedAt = (line) => {
          if (marked(line)) return true
          for (let above = line - 1; commentsEndingOn.has(above); above--) if (marked(above)) return true
          return false
        }
        const excepted = (node) => {
          const statement = sourceCode
            .getAncestors(node)
            .findLast((ancestor) => /(Statement|Declaration)$/.test(ancestor.type))
          return markedAt(node.loc.start.line) || (statement !== undefined && markedAt(statement.loc.start.line))
        }
        const isGroq = (text) => text.includes('*[')
        const report = (node, messageId) => {
          if (!excepted(node)) context.report({node, messageId})
        }
        return {
          CallExpression(node) {
            const callee = node.callee
            const name = callee.type === 'MemberExpression' ? callee.property.name : callee.name
            if (name === 'fetch' && node.typeArguments) report(node, 'generic')
          },
          Literal(node) {
            if (typeof node.value === 'string' && isGroq(node.value)) report(node, 'inline')
          },
          TemplateLiteral(node) {
            if (isGroq(node.quasis.map((quasi) => quasi.value.raw).join(''))) report(node, 'inline')
          },
        }
      },
    },
  },
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'test-results/**',
      'studio/.sanity/**',
      // Deliberate import circles, linted only by scripts/lint-rules.test.ts.
      'scripts/lint-fixtures/**',
      // The official OCTO validator's own code, vendored as it is, and the test that drives it (its README).
      'functions/octo/validator/**',
      // Generated by `sanity schema extract` / `sanity typegen generate`.
      'schemas/sanity.types.ts',
      'schemas/sanity.schema.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {globals: {...globals.node}},
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_'}],
      '@typescript-eslint/no-explicit-any': 'off',
      // Sanitisers strip control characters (mail headers, NDJSON) on purpose.
      'no-control-regex': 'off',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'date-fns',
              message:
                "Import each function from its own path (date-fns/format): on the server, Node loads the whole package for the root import (about 1 s and 300 MB on the first page that formats a date).",
            },
          ],
        },
      ],
    },
  },
  {
    // What the browser loads takes zod from the one module that tells it not to probe for eval (decision 122).
    files: ['schemas/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'studio/**/*.{ts,tsx}'],
    ignores: ['schemas/src/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message:
                "Import {z} from '@repo/schemas/zod.ts' (./zod.ts in schemas/): it tells zod not to probe for eval, which the site's Content-Security-Policy refuses.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'studio/**/*.{ts,tsx}'],
    languageOptions: {globals: {...globals.browser}},
    plugins: {'react-hooks': reactHooks},
    // The long-standing hook rules; the React Compiler rules of v7 need code written for the compiler.
    rules: {'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error'},
  },
  {
    // The arrows between the workspaces and inside the functions run one way; see docs/architecture.md and
    // docs/decisions/021-import-boundaries.md. An import the other way, or an import circle, fails `npm run lint`.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: {'import-x': importX},
    settings: {
      // Imports name their files with the extension (`./env.ts`), as Node runs them; parse TypeScript to follow them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': {'@typescript-eslint/parser': ['.ts', '.tsx']},
      'import-x/resolver-next': [createNodeResolver({extensions: ['.ts', '.tsx', '.js', '.mjs']})],
    },
    rules: {
      'import-x/no-cycle': ['error', {ignoreExternal: true}],
      'import-x/no-restricted-paths': [
        'error',
        {zones: [...boundaryZones, ...webFeatureZones, ...functionsFeatureZones]},
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: {'import-x/no-restricted-paths': ['error', {zones: testBoundaryZones}]},
  },
  {
    // Configuration comes from the environment through one module per process (docs/decisions/180): the functions'
    // and the site server's env modules (parsed by their schemas), the Sanity Function's entry (its environment is
    // the blueprint's), the lake's config. Elsewhere in what runs in production, `process.env` is refused; the lake's
    // launchers hand the environment on to the processes they start, unread. Scripts, the studio's CLI configuration
    // and tests read what they need.
    files: [
      'functions/**/*.ts',
      'server/**/*.{ts,tsx}',
      'web/src/**/*.{ts,tsx}',
      'schemas/src/**/*.ts',
      'lake/src/**/*.ts',
    ],
    ignores: [
      'functions/lib/env.ts',
      'server/env.ts',
      'functions/send-booking-notifications/index.ts',
      'lake/src/config.ts',
      'lake/src/cli.ts',
      'lake/src/functions/document-functions.ts',
      'lake/src/sanity-cli/sanity-cli-env.ts',
      '**/*.test.{ts,tsx}',
      '**/testing/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read configuration through the env module (functions/lib/env.ts, server/env.ts, lake/src/config.ts) and pass it on: one schema, parsed once.',
        },
      ],
    },
  },
  {
    // The staff API in pieces one can read whole (docs/decisions/182): no function over 120 lines, and the file that
    // composes its sub-apps stays a composition. Tests and their helpers are not the API.
    files: ['functions/staff/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {'max-lines-per-function': ['error', {max: 120}]},
  },
  {
    files: ['functions/staff/create-staff-routes.ts'],
    rules: {'max-lines': ['error', {max: 150}]},
  },
  {
    // Typed queries (docs/decisions/189). Tests and their helpers read the lake as they need; the staff list's query
    // module composes its filters per view and search at run time (its strings are fragments, not reads).
    files: ['functions/**/*.ts', 'server/**/*.{ts,tsx}'],
    ignores: [
      '**/queries/**',
      '**/*.test.{ts,tsx}',
      '**/testing/**',
      'functions/staff/bookings-queries.ts',
    ],
    plugins: {house: typedQueriesPlugin},
    rules: {'house/typed-queries': 'error'},
  },
)

