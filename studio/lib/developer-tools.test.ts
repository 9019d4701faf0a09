import type {ConfigContext, Tool} from 'sanity'
import {describe, expect, it} from 'vitest'

import config from '../sanity.config'

/** The studio's own content workspace, as the built studio resolves its tools for the person signed in. */
const content = (Array.isArray(config) ? config : [config]).find(({name}) => name === 'content')!
const tool = (name: string) => ({name, title: name, component: () => null}) as Tool
const prev = ['structure', 'presentation', 'vision'].map(tool)
const user = (role: string) =>
  ({
    id: 'someone',
    name: 'Someone',
    email: 'someone@example.com',
    role,
    roles: [{name: role, title: role}],
  }) as ConfigContext['currentUser']

const toolsFor = (currentUser: ConfigContext['currentUser']) => {
  const tools = content.tools
  if (typeof tools !== 'function') throw new Error('The content workspace must choose its tools per person')
  return tools(prev, {currentUser} as ConfigContext).map(({name}) => name)
}

describe('Vision in the content workspace', () => {
  it('is not shown to an editor (every studio sign-in on the lake), nor to nobody', () => {
    expect(toolsFor(user('editor'))).toEqual(['structure', 'presentation'])
    expect(toolsFor(user('viewer'))).toEqual(['structure', 'presentation'])
    expect(toolsFor(null)).toEqual(['structure', 'presentation'])
  })

  it('is shown to developers and administrators', () => {
    expect(toolsFor(user('developer'))).toEqual(['structure', 'presentation', 'vision'])
    expect(toolsFor(user('administrator'))).toEqual(['structure', 'presentation', 'vision'])
  })

  it('is one of the plugins, so developers have it', () => {
    expect(content.plugins?.map((plugin) => (plugin as {name?: string}).name)).toContain('@sanity/vision')
  })
})

describe('the studio', () => {
  it('has no bookings workspace: staff work in the dashboard', () => {
    const workspaces = (Array.isArray(config) ? config : [config]).map(({name}) => name)
    expect(workspaces).toEqual(['content'])
  })
})
