import type {SanityClient} from '@sanity/client'

import {resolveResponseSettings, type ResponseSettings} from '@repo/schemas/working-hours.ts'
import {responseSettingsQuery} from './queries/response-settings-query.ts'

export {responseSettingsQuery}

export async function loadResponseSettings(content: SanityClient): Promise<ResponseSettings> {
  const stored = await content.fetch(responseSettingsQuery, {}, {perspective: 'published'})
  return resolveResponseSettings(stored)
}

const CACHE_MS = 60_000
const cache = new WeakMap<SanityClient, {value: ResponseSettings; at: number}>()

/**
 * For the staff list, which is asked for on every search keystroke: the settings change rarely, so a minute's
 * copy per content client saves a content query per page. Without a content client (or while the content lake
 * cannot answer) the defaults apply: the list must not fail for want of a setting.
 */
export async function cachedResponseSettings(
  content: SanityClient | undefined,
  nowMs: number,
): Promise<ResponseSettings> {
  if (!content) return resolveResponseSettings(undefined)
  const entry = cache.get(content)
  if (entry && nowMs - entry.at < CACHE_MS) return entry.value
  try {
    const value = await loadResponseSettings(content)
    cache.set(content, {value, at: nowMs})
    return value
  } catch (error) {
    console.error('[staff] could not read the response settings; using the defaults', error)
    return resolveResponseSettings(undefined)
  }
}
