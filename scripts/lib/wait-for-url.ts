/** Polls a URL until it answers (any HTTP status), or fails after `timeoutMs`. */
export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      await fetch(url, {signal: AbortSignal.timeout(2_000)})
      return
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`, {cause: error})
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}
