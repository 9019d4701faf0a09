import type {Rollup} from 'vite'
import {describe, expect, it} from 'vitest'

import {preloadOnlyWhatIsMissing} from './preload-only-what-is-missing.ts'

const chunk = (imports: string[]) => ({type: 'chunk', imports}) as unknown as Rollup.OutputChunk

describe('what a dynamic import preloads', () => {
  const {plugin, resolveDependencies} = preloadOnlyWhatIsMissing()
  const bundle = {
    'assets/index.js': chunk(['assets/runtime.js']),
    'assets/runtime.js': chunk([]),
    'assets/listing.js': chunk(['assets/index.js', 'assets/card.js']),
    'assets/card.js': chunk(['assets/runtime.js']),
    'assets/dialog.js': chunk(['assets/index.js', 'assets/card.js', 'assets/modal.js']),
    'assets/modal.js': chunk([]),
  } as unknown as Rollup.OutputBundle
  const generateBundle = plugin.generateBundle as {
    handler: (o: unknown, b: Rollup.OutputBundle) => void
  }
  generateBundle.handler({}, bundle)
  const dialogDeps = [
    'assets/dialog.js',
    'assets/index.js',
    'assets/card.js',
    'assets/modal.js',
    'assets/runtime.js',
  ]

  it('leaves out the chunks the importing chunk loads itself, directly or through others', () => {
    expect(
      resolveDependencies('assets/dialog.js', dialogDeps, {
        hostId: 'assets/listing.js',
        hostType: 'js',
      }),
    ).toEqual(['assets/dialog.js', 'assets/modal.js'])
    expect(
      resolveDependencies('assets/dialog.js', dialogDeps, {
        hostId: 'assets/index.js',
        hostType: 'js',
      }),
    ).toEqual(['assets/dialog.js', 'assets/card.js', 'assets/modal.js'])
  })

  it('keeps every preload of the HTML page', () => {
    expect(
      resolveDependencies('index.html', dialogDeps, {hostId: 'index.html', hostType: 'html'}),
    ).toEqual(dialogDeps)
  })
})
