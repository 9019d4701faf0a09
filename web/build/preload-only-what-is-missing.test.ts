import type {Rollup} from 'vite'
import {describe, expect, it} from 'vitest'

import {preloadOnlyWhatIsMissing} from './preload-only-what-is-missing.ts'

const chunk = (imports: string[], facadeModuleId: string | null = null, isEntry = false) =>
  ({type: 'chunk', imports, facadeModuleId, isEntry}) as unknown as Rollup.OutputChunk

describe('what a dynamic import preloads', () => {
  const {plugin, resolveDependencies} = preloadOnlyWhatIsMissing()
  const bundle = {
    'assets/index.js': chunk(['assets/runtime.js'], '/web/index.html', true),
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

  it('leaves out of the entry a list that names only the imported chunk, and keeps it elsewhere', () => {
    const cardDeps = ['assets/card.js', 'assets/runtime.js']
    expect(
      resolveDependencies('assets/card.js', cardDeps, {hostId: 'assets/index.js', hostType: 'js'}),
    ).toEqual([])
    expect(
      resolveDependencies('assets/card.js', ['assets/card.js'], {
        hostId: 'assets/modal.js',
        hostType: 'js',
      }),
    ).toEqual(['assets/card.js'])
  })
})

describe('what the import of a page opened from outside the site preloads', () => {
  const {plugin, resolveDependencies} = preloadOnlyWhatIsMissing({
    openedFromOutside: /\/routes\/(review|unsubscribe)\.tsx$/,
  })
  const bundle = {
    'assets/index.js': chunk([]),
    'assets/review.js': chunk(
      ['assets/index.js', 'assets/form.js'],
      '/web/src/app/routes/review.tsx',
    ),
    'assets/reviews.js': chunk(
      ['assets/index.js', 'assets/form.js'],
      '/web/src/app/routes/reviews.tsx',
    ),
    'assets/form.js': chunk([]),
  } as unknown as Rollup.OutputBundle
  ;(plugin.generateBundle as {handler: (o: unknown, b: Rollup.OutputBundle) => void}).handler(
    {},
    bundle,
  )
  const host = {hostId: 'assets/index.js', hostType: 'js'} as const

  it('lists nothing for such a page', () => {
    expect(
      resolveDependencies('assets/review.js', ['assets/review.js', 'assets/form.js'], host),
    ).toEqual([])
  })

  it('still lists what any other page needs', () => {
    expect(
      resolveDependencies('assets/reviews.js', ['assets/reviews.js', 'assets/form.js'], host),
    ).toEqual(['assets/reviews.js', 'assets/form.js'])
  })
})
