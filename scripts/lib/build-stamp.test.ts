import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {describe, expect, it} from 'vitest'

import {buildIfStale} from './build-stamp.ts'

function tempOutDir() {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-')), 'dist')
}

/** A build that takes a while and counts how often it ran and how many ran at once. */
function countingBuild(outDir: string) {
  const state = {runs: 0, running: 0, mostAtOnce: 0}
  const build = async () => {
    state.runs++
    state.running++
    state.mostAtOnce = Math.max(state.mostAtOnce, state.running)
    fs.rmSync(outDir, {recursive: true, force: true})
    await new Promise((resolve) => setTimeout(resolve, 300))
    fs.mkdirSync(outDir, {recursive: true})
    fs.writeFileSync(path.join(outDir, 'index.js'), 'built')
    state.running--
  }
  return {state, build}
}

describe('buildIfStale', () => {
  it('builds once when several ask at the same time; the others wait and find it current', async () => {
    const outDir = tempOutDir()
    const {state, build} = countingBuild(outDir)
    const built = await Promise.all([1, 2, 3].map(() => buildIfStale(outDir, 'hash-1', build)))
    expect(built.toSorted()).toEqual([false, false, true])
    expect(state).toEqual({runs: 1, running: 0, mostAtOnce: 1})
    expect(fs.readFileSync(path.join(outDir, 'index.js'), 'utf8')).toBe('built')
    expect(fs.existsSync(`${outDir}.lock`)).toBe(false)
    // Changed sources build again.
    expect(await buildIfStale(outDir, 'hash-2', build)).toBe(true)
    expect(state.runs).toBe(2)
  })

  it('takes over the lock of a process that ended mid-build', async () => {
    const outDir = tempOutDir()
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {encoding: 'utf8'})
    fs.writeFileSync(`${outDir}.lock`, `${ended.stdout} 0.5`)
    const {state, build} = countingBuild(outDir)
    expect(await buildIfStale(outDir, 'hash-1', build)).toBe(true)
    expect(state.runs).toBe(1)
  })
})
