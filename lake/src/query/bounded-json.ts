import {Buffer} from 'node:buffer'

import {LakeError} from '../store/types.ts'

/**
 * `JSON.stringify(value)` that gives up as soon as the text passes `maxBytes`, so a result too large
 * to send is refused before it is serialised in full. One native `JSON.stringify` of a result that
 * repeats a large parameter many times would first allocate the whole text in one piece: an
 * allocation larger than a worker's heap ends the whole process, not only the worker.
 *
 * The size counted is the UTF-8 bytes sent, as hosted counts a response: "é" is two, "🙂" four.
 */
export function boundedJson(value: unknown, maxBytes: number, tooLarge: (size: number) => LakeError): string {
  const parts: string[] = []
  let size = 0
  const push = (text: string) => {
    size += Buffer.byteLength(text, 'utf8')
    if (size > maxBytes) throw tooLarge(size)
    parts.push(text)
  }
  const write = (node: unknown, inArray: boolean): void => {
    if (node === null) return push('null')
    switch (typeof node) {
      case 'string':
        // Each code unit is at least a byte: a string longer than the limit is refused unserialised.
        if (node.length > maxBytes) throw tooLarge(size + node.length)
        return push(JSON.stringify(node))
      case 'number':
        return push(Number.isFinite(node) ? String(node) : 'null')
      case 'boolean':
        return push(node ? 'true' : 'false')
      case 'object':
        break
      default:
        // undefined and functions: left out of objects, null in arrays, as JSON.stringify does.
        if (inArray) push('null')
        return
    }
    if (typeof (node as {toJSON?: unknown}).toJSON === 'function') return push(JSON.stringify(node))
    if (Array.isArray(node)) {
      push('[')
      node.forEach((item, index) => {
        if (index > 0) push(',')
        write(item, true)
      })
      return push(']')
    }
    push('{')
    let first = true
    for (const [key, item] of Object.entries(node as Record<string, unknown>)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue
      push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`)
      first = false
      write(item, false)
    }
    push('}')
  }
  write(value, true)
  return parts.join('')
}
