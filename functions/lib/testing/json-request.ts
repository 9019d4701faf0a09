/** A JSON POST to the site's `path`, as a form sends it (a string body is sent as it is, for malformed JSON). */
export function jsonPost(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Request {
  return new Request(`http://site.test${path}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', ...headers},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
