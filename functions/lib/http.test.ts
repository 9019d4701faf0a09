import {describe, expect, it} from 'vitest'

import {readJsonBody} from './http.ts'

const post = (body: string, type: string) =>
  new Request('http://site.test/api/x', {method: 'POST', body, headers: {'content-type': type}})

describe('readJsonBody', () => {
  it.each(['text/plain', 'text/plain;charset=UTF-8', 'application/jsonp', 'application/json-seq'])(
    'refuses %s, which a cross-site form could send, with 415',
    async (type) => {
      const result = await readJsonBody(post('{"email":"a@b.test"}', type), 1024)
      expect(result.ok).toBe(false)
      if (result.ok) return
      expect(result.response.status).toBe(415)
      expect(result.response.headers.get('content-type')).toBe('application/problem+json')
      expect(await result.response.json()).toEqual({
        type: 'about:blank',
        title: 'Unsupported Media Type',
        status: 415,
        detail: 'Send the form as JSON (Content-Type: application/json).',
        fieldErrors: {},
      })
    },
  )

  it('reads application/json with or without a charset', async () => {
    for (const type of ['application/json', 'Application/JSON; charset=utf-8']) {
      const result = await readJsonBody(post('{"email":"a@b.test"}', type), 1024)
      expect(result).toEqual({ok: true, value: {email: 'a@b.test'}})
    }
  })
})
