import path from 'node:path'

import {ESLint} from 'eslint'
import {describe, expect, it} from 'vitest'

/**
 * The import rules in eslint.config.js, run through ESLint's own API with the repository's configuration: an
 * import circle or an import against the arrows fails `npm run lint`, and the files that once had them pass.
 */
const root = path.resolve(import.meta.dirname, '..')

const ruleIds = (results: ESLint.LintResult[]) =>
  results.flatMap((result) => result.messages.map((message) => message.ruleId))

// Linting with the import rules reads the project's import graph first: seconds on an idle machine, more on a busy
// one. No test here bounds its speed; the budget only guards against a hang (docs/decisions/179).
describe('the import rules', {timeout: 120_000}, () => {
  it('fail on an import circle', async () => {
    // The fixtures are ignored by the configuration, so `npm run lint` stays green; here they are linted anyway.
    const eslint = new ESLint({cwd: root, ignore: false})
    const results = await eslint.lintFiles(['scripts/lint-fixtures/cycle-a.ts'])
    expect(results[0]!.messages).toEqual([
      expect.objectContaining({ruleId: 'import-x/no-cycle', line: 2}),
    ])
  })

  it.each([
    [
      'functions/lib/fixture.ts',
      "import {createOverviewCache} from '../staff/staff-deps.ts'",
      'functions/lib',
    ],
    ['functions/lib/fixture.ts', "import {createPublicRuntime} from '../runtime.ts'", 'functions/lib'],
    [
      'schemas/src/fixture.ts',
      "import {functionsConfig} from '../../functions/lib/env.ts'",
      'schemas/',
    ],
    [
      'web/src/fixture.ts',
      "import {functionsConfig} from '../../functions/lib/env.ts'",
      'schemas/',
    ],
    ['studio/fixture.ts', "import {createApiRoutes} from '../functions/api-routes.ts'", 'schemas/'],
    ['web/src/fixture.ts', "import {readServerEnv} from '../../server/env.ts'", 'server/'],
    ['functions/fixture.ts', "import {readServerEnv} from '../server/env.ts'", 'schemas/'],
    ['server/fixture.ts', "import {loadDotEnv} from '../scripts/lib/load-dot-env.ts'", 'server/'],
    ['lake/src/fixture.ts', "import {isConflict} from '../../schemas/src/lake-errors.ts'", 'lake'],
  ])('fail on an import against the arrows: %s %s', async (filePath, source, explained) => {
    const eslint = new ESLint({cwd: root})
    const results = await eslint.lintText(
      `${source}\n\nexport const used = [${/\{(\w+)\}/.exec(source)![1]}]\n`,
      {
        filePath: path.join(root, filePath),
      },
    )
    const messages = results[0]!.messages
    expect(messages.map((message) => message.ruleId)).toEqual(['import-x/no-restricted-paths'])
    expect(messages[0]!.message).toContain(explained)
  })

  // docs/decisions/181: a site feature reaches another only through its public index.ts; the functions' features run
  // one way (the staff API uses the waitlist, privacy requests, retention and traveller request, never the reverse).
  it.each([
    [
      'web/src/features/leads/components/fixture.ts',
      "import {useSecurityQuestion} from '../../security-question/use-security-question'",
      'security-question only through its public index.ts',
    ],
    [
      'web/src/features/experiences/api/fixture.ts',
      "import {availabilityQueryOptions} from '../../booking/api/get-availability'",
      'booking only through its public index.ts',
    ],
    [
      'web/src/features/booking/components/fixture.test.ts',
      "import {siteSettingsQueryOptions} from '../../site/api/get-site-settings'",
      'site only through its public index.ts',
    ],
    [
      'functions/waitlist/fixture.ts',
      "import {loadHeld} from '../staff/staff-waitlist.ts'",
      'never the reverse',
    ],
    [
      'functions/privacy-requests/fixture.ts',
      "import {invitePerson} from '../staff/staff-invitations.ts'",
      'never the reverse',
    ],
  ])('fail on an import across features: %s %s', async (filePath, source, explained) => {
    const eslint = new ESLint({cwd: root})
    const results = await eslint.lintText(`${source}\n\nexport const used = [${/\{(\w+)\}/.exec(source)![1]}]\n`, {
      filePath: path.join(root, filePath),
    })
    const messages = results[0]!.messages
    expect(messages.map((message) => message.ruleId)).toEqual(['import-x/no-restricted-paths'])
    expect(messages[0]!.message).toContain(explained)
  })

  it.each([
    ['web/src/features/leads/components/fixture.ts', "import {useSecurityQuestion} from '../../security-question'"],
    ['web/src/features/booking/components/fixture.ts', "import {DepartureAlternatives} from './departure-alternatives'"],
    ['web/src/app/fixture.ts', "import {useSecurityQuestion} from '../features/security-question/use-security-question'"],
    ['functions/staff/fixture.ts', "import {joinWaitlist} from '../waitlist/join-waitlist.ts'"],
    // Tests may cross the functions' features to drive a whole flow.
    ['functions/waitlist/fixture.test.ts', "import {loadHeld} from '../staff/staff-waitlist.ts'"],
  ])('let a feature use its own files, another feature through its index and app/ compose: %s %s', async (filePath, source) => {
    const eslint = new ESLint({cwd: root})
    const results = await eslint.lintText(`${source}\n\nexport const used = [${/\{(\w+)\}/.exec(source)![1]}]\n`, {
      filePath: path.join(root, filePath),
    })
    expect(ruleIds(results)).toEqual([])
  })

  it.each([
    ['functions/staff/fixture.ts', 'export const port = process.env.PORT\n'],
    ['server/fixture.ts', "export const host = process.env['HOST']\n"],
    ['web/src/fixture.ts', 'const {env} = process\n\nexport const mode = env.NODE_ENV\n'],
    ['lake/src/fixture.ts', 'export const dir = process.env.DATA_DIR\n'],
    ['schemas/src/fixture.ts', 'export const zone = process.env.TZ\n'],
  ])('fail on process.env outside the env modules: %s', async (filePath, source) => {
    const eslint = new ESLint({cwd: root})
    const results = await eslint.lintText(source, {filePath: path.join(root, filePath)})
    const messages = results[0]!.messages
    expect(messages.map((message) => message.ruleId)).toEqual(['no-restricted-properties'])
    expect(messages[0]!.message).toContain('env module')
  })

  it.each(['functions/lib/env.ts', 'server/env.ts', 'lake/src/config.ts', 'functions/fixture.test.ts'])(
    'let the env modules (and tests) read process.env: %s',
    async (filePath) => {
      const eslint = new ESLint({cwd: root})
      const results = await eslint.lintText('export const port = process.env.PORT\n', {
        filePath: path.join(root, filePath),
      })
      expect(ruleIds(results)).not.toContain('no-restricted-properties')
    },
  )

  it.each(['schemas/src/fixture.ts', 'web/src/fixture.ts', 'studio/fixture.ts'])(
    'fail on zod imported but through schemas/src/zod.ts in what the browser loads: %s',
    async (filePath) => {
      const eslint = new ESLint({cwd: root})
      const lint = async (source: string) =>
        (await eslint.lintText(source, {filePath: path.join(root, filePath)}))[0]!.messages
      const refused = await lint("import {z} from 'zod'\n\nexport const used = z.string()\n")
      expect(refused.map((message) => message.ruleId)).toEqual([
        '@typescript-eslint/no-restricted-imports',
      ])
      expect(refused[0]!.message).toContain('Content-Security-Policy')
      // A type costs nothing at run time.
      expect(
        await lint("import type {ZodType} from 'zod'\n\nexport type Used = ZodType\n"),
      ).toEqual([])
    },
  )

  it('pass on the files that once formed circles or imported upwards', async () => {
    const eslint = new ESLint({cwd: root})
    const files = [
      'functions/runtime.ts',
      'functions/notification-sweep.ts',
      'functions/staff/confirm-booking.ts',
      'functions/staff/staff-handlers.ts',
      'functions/staff/staff-waitlist.ts',
      'functions/privacy-requests/handler.ts',
      'web/src/features/booking/components/booking-form.tsx',
      'web/src/features/leads/components/questionnaire-form.tsx',
      'web/src/features/experiences/api/get-trip-fit.ts',
      'lake/src/auth/principals.ts',
      'lake/src/auth/studio-sign-in.ts',
      'schemas/src/request-decisions.ts',
      'schemas/src/staff-decision-schema.ts',
    ]
    expect(ruleIds(await eslint.lintFiles(files))).toEqual([])
  })
})

/** A function of `lines` lines in all, its braces included. */
const functionOf = (lines: number) =>
  `export function long() {\n${Array.from({length: lines - 2}, (_, i) => `  console.log(${i})\n`).join('')}}\n`

// docs/decisions/182: the staff API is read in pieces, each function at most 120 lines, the composition at most 150.
describe('the staff API’s length rules', {timeout: 120_000}, () => {
  const lint = async (filePath: string, source: string) =>
    ruleIds(await new ESLint({cwd: root}).lintText(source, {filePath: path.join(root, filePath)}))

  it('fail on a function over 120 lines in the staff API, and pass one of 120', async () => {
    expect(await lint('functions/staff/routes/fixture-routes.ts', functionOf(121))).toEqual([
      'max-lines-per-function',
    ])
    expect(await lint('functions/staff/fixture.ts', functionOf(120))).toEqual([])
  })

  it('fail on a composition file over 150 lines', async () => {
    const source = `${functionOf(100)}${functionOf(100).replace('long', 'longer')}`
    expect(await lint('functions/staff/create-staff-routes.ts', source)).toEqual(['max-lines'])
    expect(await lint('functions/staff/fixture.ts', source)).toEqual([])
  })

  it('leave tests and code outside the staff API alone', async () => {
    expect(await lint('functions/staff/fixture.test.ts', functionOf(200))).toEqual([])
    expect(await lint('functions/waitlist/fixture.ts', functionOf(200))).toEqual([])
  })

  it('pass on the staff API as it is', async () => {
    const results = await new ESLint({cwd: root}).lintFiles(['functions/staff/**/*.ts'])
    expect(ruleIds(results).filter((id) => id?.startsWith('max-lines'))).toEqual([])
  })
})

// docs/decisions/189: the functions and the site server read the lake through defineQuery files in queries/ folders,
// which typegen types; a fetch<…> type argument or a GROQ string elsewhere fails, unless the line before says why.
describe('the typed-queries rule', {timeout: 120_000}, () => {
  const lint = async (filePath: string, source: string) =>
    (await new ESLint({cwd: root}).lintText(source, {filePath: path.join(root, filePath)}))[0]!.messages

  it.each([
    [
      'functions/staff/fixture.ts',
      "import type {SanityClient} from '@sanity/client'\n\nexport const read = (client: SanityClient, id: string) =>\n  client.fetch<{name: string}>(nameQuery, {id})\n\nconst nameQuery = 'x'\n",
      'No fetch<…> type argument',
    ],
    [
      'server/fixture.ts',
      "export const query = /* groq */ `*[_type == \"experience\"]{title}`\n",
      'No inline GROQ',
    ],
    [
      'functions/lib/fixture.ts',
      "import type {SanityClient} from '@sanity/client'\n\nexport const count = (client: SanityClient) => client.fetch('count(*[_type == \"booking\"])')\n",
      'No inline GROQ',
    ],
    [
      // The marker without its reason is no exception.
      'functions/lib/fixture.ts',
      "// Typed-query exception (docs/decisions/189):\nexport const query = `*[_type == \"booking\"]`\n",
      'No inline GROQ',
    ],
  ])('fail on a typed or inline query outside queries/: %s', async (filePath, source, explained) => {
    const messages = await lint(filePath, source)
    expect(messages.map((message) => message.ruleId)).toEqual(['house/typed-queries'])
    expect(messages[0]!.message).toContain(explained)
  })

  it.each([
    [
      'functions/staff/queries/fixture-query.ts',
      "import {defineQuery} from 'groq'\n\nexport const fixtureQuery = defineQuery(`*[_type == \"staffMember\" && _id == $id][0]{name}`)\n",
    ],
    [
      'functions/staff/fixture.ts',
      "import type {SanityClient} from '@sanity/client'\n\nimport {fixtureQuery} from './queries/fixture-query.ts'\n\nexport const read = (client: SanityClient, id: string) => client.fetch(fixtureQuery, {id})\n",
    ],
    [
      'functions/lib/fixture.ts',
      "import type {SanityClient} from '@sanity/client'\n\nexport async function ids(client: SanityClient, query: string) {\n  // Typed-query exception (docs/decisions/189): the query is an argument, composed at run time.\n  return client.fetch<string[]>(query)\n}\n",
    ],
    [
      'functions/staff/fixture.test.ts',
      "import type {SanityClient} from '@sanity/client'\n\nexport const count = (client: SanityClient) => client.fetch<number>('count(*[_type == \"booking\"])')\n",
    ],
  ])('pass a defineQuery in queries/, its untyped call, a marked exception and a test: %s', async (filePath, source) => {
    expect((await lint(filePath, source)).map((message) => message.ruleId)).toEqual([])
  })
})
