#!/usr/bin/env node
import {createWriteStream} from 'node:fs'
import {rename, rm} from 'node:fs/promises'
import {dirname, resolve} from 'node:path'
import {finished} from 'node:stream/promises'
import type {Writable} from 'node:stream'
import {parseArgs} from 'node:util'

import {lakeConfigFromEnv} from './config.ts'
import {exportDataset} from './ndjson/export-dataset.ts'
import {importDataset, type ImportMode} from './ndjson/import-dataset.ts'
import {openLake} from './store/open-lake.ts'

export const USAGE = `Usage:
  lake import <file.ndjson> [--dataset production] [--replace | --missing]
  lake export [--dataset production] [--out file.ndjson [--assets]] [--no-drafts] [--types a,b]

Import reads the NDJSON format of \`sanity dataset import\`; _sanityAsset values such as
"image@file://./images/photo.jpg" are uploaded from paths relative to the NDJSON file.
By default the import fails if any document already exists; --replace overwrites such
documents and --missing skips them. Export writes to standard output unless --out is given;
--assets also copies image and file assets next to it (images/, files/) and refers to them
with _sanityAsset, so the export can be imported into another lake or a Sanity project.

The data directory is DATA_DIR (default .data); stop a running lake before using this.`

export interface CliIo {
  env: NodeJS.ProcessEnv
  stdout: Writable
  stderr: Writable
}

class UsageError extends Error {}

/** Runs the command line and returns the exit code (0 success, 1 failure, 2 bad arguments). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv
  try {
    if (command === 'import') return await runImport(rest, io)
    if (command === 'export') return await runExport(rest, io)
    if (command === 'help' || command === '--help' || command === '-h') {
      io.stdout.write(`${USAGE}\n`)
      return 0
    }
    throw new UsageError(command ? `Unknown command "${command}"` : 'No command given')
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as {code?: string}).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      io.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`)
      return 2
    }
    io.stderr.write(`Error: ${(error as Error).message}\n`)
    return 1
  }
}

async function runImport(args: string[], io: CliIo): Promise<number> {
  const {values, positionals} = parseArgs({
    args,
    allowPositionals: true,
    options: {
      dataset: {type: 'string', default: 'production'},
      replace: {type: 'boolean', default: false},
      missing: {type: 'boolean', default: false},
    },
  })
  if (positionals.length !== 1) throw new UsageError('import needs exactly one NDJSON file')
  if (values.replace && values.missing)
    throw new UsageError('--replace and --missing cannot be combined')
  const mode: ImportMode = values.replace ? 'replace' : values.missing ? 'missing' : 'create'

  const config = lakeConfigFromEnv(io.env)
  const lake = openLake({dataDir: config.dataDir, datasets: config.datasets})
  try {
    const result = await importDataset({
      dataset: lake.dataset(values.dataset),
      file: positionals[0]!,
      mode,
      dataDir: config.dataDir,
      projectId: config.projectId,
      // The origin the lake's HTTP/1.1 listener reports, so imported asset URLs match uploaded ones.
      publicBaseUrl: `http://${displayHost(config.host)}:${config.port}`,
      author: 'cli',
    })
    for (const warning of result.warnings) io.stderr.write(`Warning: ${warning}\n`)
    io.stderr.write(
      `Imported ${result.documents} document(s) into "${values.dataset}": ${result.created} created, ` +
        `${result.replaced} replaced, ${result.skipped} skipped; ${result.assets} asset(s), ` +
        `${result.transactions} transaction(s).\n`,
    )
    return 0
  } finally {
    lake.close()
  }
}

async function runExport(args: string[], io: CliIo): Promise<number> {
  const {values, positionals} = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'dataset': {type: 'string', default: 'production'},
      'out': {type: 'string'},
      'no-drafts': {type: 'boolean', default: false},
      'types': {type: 'string'},
      'assets': {type: 'boolean', default: false},
    },
  })
  if (values.assets && !values.out)
    throw new UsageError('--assets needs --out (the files go beside it)')
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`)
  const types = values.types
    ?.split(',')
    .map((type) => type.trim())
    .filter(Boolean)
  if (values.types !== undefined && types?.length === 0)
    throw new UsageError('--types needs at least one type')

  const config = lakeConfigFromEnv(io.env)
  const lake = openLake({dataDir: config.dataDir, datasets: config.datasets})
  try {
    const options = {
      dataset: lake.dataset(values.dataset),
      drafts: !values['no-drafts'],
      ...(types ? {types} : {}),
      ...(values.assets && values.out
        ? {assets: {dataDir: config.dataDir, folder: dirname(resolve(values.out))}}
        : {}),
    }
    if (!values.out) {
      const {documents} = await exportDataset({...options, output: io.stdout})
      io.stderr.write(`Exported ${documents} document(s) from "${values.dataset}".\n`)
      return 0
    }
    // Write beside the target and rename, so an interrupted export never leaves half a file.
    const temp = `${values.out}.tmp-${process.pid}`
    const output = createWriteStream(temp)
    try {
      const {documents, assets, warnings} = await exportDataset({...options, output})
      output.end()
      await finished(output)
      await rename(temp, values.out)
      for (const warning of warnings) io.stderr.write(`Warning: ${warning}\n`)
      const withAssets = values.assets ? ` and ${assets} asset file(s)` : ''
      io.stderr.write(
        `Exported ${documents} document(s)${withAssets} from "${values.dataset}" to ${values.out}.\n`,
      )
    } catch (error) {
      output.destroy()
      await rm(temp, {force: true})
      throw error
    }
    return 0
  } finally {
    lake.close()
  }
}

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host
}

if (import.meta.main) {
  process.exitCode = await runCli(process.argv.slice(2), {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  })
}
