/**
 * Keeps the generated Sanity types current:
 *
 *   npx node scripts/typegen.ts          extract both workspaces' schemas, merge, generate types
 *   npx node scripts/typegen.ts --check  regenerate, compare, restore; exit 1 when the committed
 *                                        `schemas/sanity.schema.json` or `schemas/sanity.types.ts` are stale
 *
 * The studio's content workspace and the bookings dataset's schema (declared as a workspace only for this script,
 * with SANITY_TYPEGEN_BOOKINGS=1: sanity.config.ts) have different types, and `sanity schema extract` handles one
 * workspace at a time, so this script extracts each and merges them into the one schema file that the single
 * typegen config in `sanity.cli.ts` reads.
 */
import {execFileSync} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {dirname, join, relative, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

const studioDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const schemasDir = resolve(studioDir, '../schemas')
const committedSchema = join(schemasDir, 'sanity.schema.json')
const committedTypes = join(schemasDir, 'sanity.types.ts')
const workspaces = ['content', 'bookings']

const check = process.argv.includes('--check')
// The bookings dataset's schema has no workspace in the studio; this flag declares it for extraction (sanity.config.ts).
const env = {
  ...process.env,
  SANITY_TELEMETRY_DISABLED: '1',
  NO_UPDATE_NOTIFIER: '1',
  SANITY_TYPEGEN_BOOKINGS: '1',
}

function sanity(args: string[]) {
  // `npx` resolves the workspace's own sanity CLI; output is shown only when a command fails.
  try {
    execFileSync('npx', ['sanity', ...args], {cwd: studioDir, env, stdio: 'pipe', encoding: 'utf8'})
  } catch (error) {
    const e = error as {stdout?: string; stderr?: string}
    process.stderr.write(`sanity ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}\n`)
    process.exit(1)
  }
}

type SchemaType = {name: string}

// Inside the studio (in the git-ignored .sanity/ folder): `sanity schema extract --path` resolves even an
// absolute path against the working directory.
mkdirSync(join(studioDir, '.sanity'), {recursive: true})
const tmp = mkdtempSync(join(studioDir, '.sanity', 'typegen-'))
try {
  const merged = new Map<string, SchemaType>()
  for (const workspace of workspaces) {
    const out = join(tmp, `${workspace}.json`)
    sanity([
      'schema',
      'extract',
      '--enforce-required-fields',
      '--workspace',
      workspace,
      '--path',
      relative(studioDir, out),
    ])
    for (const type of JSON.parse(readFileSync(out, 'utf8')) as SchemaType[]) {
      const seen = merged.get(type.name)
      if (seen && JSON.stringify(seen) !== JSON.stringify(type))
        throw new Error(
          `Type "${type.name}" differs between workspaces; give one of them another name.`,
        )
      merged.set(type.name, type)
    }
  }
  const schemaJson = `${JSON.stringify([...merged.values()], null, 2)}\n`

  // typegen always writes where sanity.cli.ts says, so check mode generates in place, compares with what was
  // there before, and puts the previous files back.
  const before = new Map(
    [committedSchema, committedTypes].map((file) => [
      file,
      existsSync(file) ? readFileSync(file, 'utf8') : null,
    ]),
  )
  writeFileSync(committedSchema, schemaJson)
  sanity(['typegen', 'generate'])

  if (check) {
    const stale = [...before].filter(([file, previous]) => previous !== readFileSync(file, 'utf8'))
    for (const [file, previous] of before) {
      if (previous === null) rmSync(file, {force: true})
      else writeFileSync(file, previous)
    }
    if (stale.length > 0) {
      process.stderr.write(
        `Generated Sanity files are stale: ${stale.map(([file]) => relative(process.cwd(), file)).join(', ')}.\n` +
          'Run: cd studio && npx node scripts/typegen.ts\n',
      )
      process.exitCode = 1
    } else {
      process.stdout.write('Generated Sanity schema and types are up to date.\n')
    }
  } else {
    process.stdout.write(`Wrote ${committedSchema} and ${committedTypes}.\n`)
  }
} finally {
  rmSync(tmp, {recursive: true, force: true})
}
