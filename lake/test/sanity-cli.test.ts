import {execFile} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {promisify} from 'node:util'

import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {sanityCliEnv} from '../src/sanity-cli/sanity-cli-env.ts'
import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

// Sanity's own CLI against the lake, as `npm run sanity` runs it: the commands a team uses for backups,
// checks and migrations must work here as they do on hosted Sanity.
const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')
const sanityBin = path.join(root, 'node_modules/.bin/sanity')
/** The seed's document count, from the file the CLI imports. */
const seedDocuments = fs
  .readFileSync(path.join(root, 'content/production.ndjson'), 'utf8')
  .split('\n')
  .filter((line) => line.trim()).length
let lake: TestLake
let client: SanityClient
let env: NodeJS.ProcessEnv
let workDir: string

beforeAll(async () => {
  lake = await startTestLake()
  client = lake.client({token: lake.secrets.rootToken, dataset: 'cli-copy'})
  env = {...process.env, ...sanityCliEnv({lakeTlsUrl: lake.tlsUrl, dataDir: lake.dataDir, token: lake.secrets.rootToken})}
  // Inside the repository, so a project folder's `sanity` imports resolve to its node_modules.
  fs.mkdirSync(path.join(root, '.data'), {recursive: true})
  workDir = fs.mkdtempSync(path.join(root, '.data', 'sanity-cli-test-'))
})
afterAll(async () => {
  await lake?.stop()
  if (workDir) fs.rmSync(workDir, {recursive: true, force: true})
})

async function sanity(args: string[], cwd = path.join(root, 'studio')): Promise<string> {
  const {stdout, stderr} = await run(sanityBin, args, {cwd, env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024})
  return stdout + stderr
}

describe('Sanity CLI against the lake', () => {
  it('creates, imports, exports, validates, migrates and deletes a dataset', {timeout: 240_000}, async () => {
    await sanity(['dataset', 'create', 'cli-copy', '--visibility', 'private'])
    expect(await sanity(['dataset', 'list'])).toMatch(/^cli-copy$/m)
    expect((await lake.client().datasets.list().catch((error: {statusCode: number}) => error.statusCode))).toBe(401)
    expect((await lake.client({token: lake.secrets.rootToken}).datasets.list()).find((d) => d.name === 'cli-copy')).toMatchObject({aclMode: 'private'})

    const imported = await sanity(['dataset', 'import', path.join(root, 'content/production.ndjson'), 'cli-copy'])
    expect(imported).toContain(`Imported ${seedDocuments} documents`)
    expect(await client.fetch('count(*[_type == "experience"])')).toBe(9)

    const tarball = path.join(workDir, 'cli-copy.tar.gz')
    await sanity(['dataset', 'export', 'cli-copy', tarball])
    const {stdout: listing} = await run('tar', ['-tzf', tarball])
    expect(listing).toMatch(/data\.ndjson/)
    expect(listing.split('\n').filter((line) => /\/images\/.+\.jpg$/.test(line))).toHaveLength(27)

    const validation = await sanity(['documents', 'validate', '--yes', '--workspace', 'content', '--dataset', 'cli-copy'])
    expect(validation).toMatch(new RegExp(`Valid:\\s+${seedDocuments} documents`))

    // A project folder with one migration, as `sanity migration create` would make it.
    const project = path.join(workDir, 'project')
    fs.mkdirSync(path.join(project, 'migrations/mark-testimonials'), {recursive: true})
    fs.writeFileSync(
      path.join(project, 'sanity.cli.ts'),
      `import {defineCliConfig} from 'sanity/cli'\nexport default defineCliConfig({api: {projectId: 'local', dataset: 'cli-copy'}})\n`,
    )
    fs.writeFileSync(
      path.join(project, 'migrations/mark-testimonials/index.ts'),
      `import {at, defineMigration, set} from 'sanity/migrate'
export default defineMigration({
  title: 'Mark testimonials as reviewed',
  documentTypes: ['testimonial'],
  migrate: {document: () => at('reviewed', set(true))},
})
`,
    )
    const dryRun = await sanity(['migration', 'run', 'mark-testimonials'], project)
    expect(dryRun).toMatch(/testimonial/)
    expect(await client.fetch('count(*[_type == "testimonial" && reviewed == true])')).toBe(0)
    await sanity(['migration', 'run', 'mark-testimonials', '--no-dry-run', '--no-confirm'], project)
    expect(await client.fetch('count(*[_type == "testimonial" && reviewed == true])')).toBe(4)

    await sanity(['dataset', 'delete', 'cli-copy', '--force'])
    expect(await sanity(['dataset', 'list'])).not.toMatch(/^cli-copy$/m)
  })
  it('runs the mail function with `sanity functions test` against the lake', {timeout: 180_000}, async () => {
    const booking = {
      _id: 'booking-cli-function',
      _type: 'booking',
      booking_ref: 'CTE-CLIFN1',
      experience_id: 'lions-head',
      experience_title: "Lion's Head Sunset Hike",
      date: '2030-03-14',
      pax_adults: 2,
      pax_children: 0,
      pax_total: 2,
      name: 'Thandi Nkosi',
      email: 'cli-function@example.com',
      status: 'new',
      created_at: '2030-01-01T08:00:00Z',
    }
    const file = path.join(workDir, 'booking.json')
    fs.writeFileSync(file, JSON.stringify(booking))
    // Without SMTP_URL the function writes its mails as .eml files in DATA_DIR/outbox, as the site does. Not
    // NODE_ENV=test (vitest's): Sanity's functions CLI then hands the function a dummy token.
    const {SMTP_URL: _smtp, NODE_ENV: _test, ...cliEnv} = env
    const output = await run(
      sanityBin,
      ['functions', 'test', 'send-booking-notifications', '--project-id', 'local', '--dataset', 'bookings', '--with-user-token', '--file', path.relative(root, file)],
      {cwd: root, env: {...cliEnv, DATA_DIR: workDir}, timeout: 120_000},
    )
    expect(output.stdout + output.stderr).toContain('Function execution succeeded')
    expect(fs.readdirSync(path.join(workDir, 'outbox')).sort()).toEqual(['booking-cli-function-team.eml', 'booking-cli-function-traveller.eml'])
    const mails = await lake
      .client({token: lake.secrets.rootToken, dataset: 'bookings'})
      .fetch<{status: string}[]>('*[_type == "outboxMail" && about == $id]{status}', {id: booking._id})
    expect(mails).toEqual([{status: 'sent'}, {status: 'sent'}])
  })
})
