/**
 * A browser's user-agent string as a person reads it: "Chrome on Android", "Safari on iPhone", "Firefox on
 * Windows". For the list of a staff member's own sessions, so they can tell which one is which; not for deciding
 * anything. Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", and an iPad may say "Macintosh".
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/(?:\b|Headless)(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

export function browserName(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return 'An unknown browser'
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]
  if (browser && system) return `${browser} on ${system}`
  if (browser) return browser
  if (system) return `A browser on ${system}`
  return 'An unknown browser'
}
