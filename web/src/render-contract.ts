import type {GroqFetcher} from './lib/sanity-fetch'

/** What the SSR bundle (`src/entry-server.tsx`) returns to the Hono server for one page request. */
export type RenderResult =
  | {kind: 'redirect'; status: number; location: string}
  | {
      kind: 'html'
      status: number
      head: string
      /** The page's `<html lang>` (its language, schemas/src/languages.ts). */
      lang?: string
      html: string
      state: string
      /** Source paths of the matched pages' modules (e.g. `src/app/routes/home.tsx`), for preloading. */
      modules: string[]
      /**
       * Headers the page's loaders and actions answered with that the server sends with the page: only
       * `Retry-After` (a limited visitor's 429, a busy 503), never anything the server decides itself.
       */
      headers?: Record<string, string>
      /**
       * The matched page says it is the same for everyone (its route's handle, `shared`), so a shared cache may
       * keep it. Absent or false, the server answers it `private, no-store`.
       */
      shareable?: boolean
    }

export type RenderOptions = {
  /** Reads published content; the server passes its cached client. */
  fetcher: GroqFetcher
  /**
   * The server's marker for inline code it trusts (server/edge/inline-code.ts at the repository's root), given to the router's hydration
   * data script as its nonce; the server swaps it for the script's hash in the policy before the page is sent.
   */
  nonce?: string | undefined
  /**
   * Reads a traveller's request as `GET /api/requests/<token>` answers it (the same link check, rate limit and
   * fields), so the private request page arrives with its content. Absent, the page reads it in the browser.
   */
  readTravellerRequest?: ((token: string) => Promise<Response>) | undefined
  /** The same for the review form: what `GET /api/reviews/<token>` answers. */
  readReviewInvitation?: ((token: string) => Promise<Response>) | undefined
  /**
   * The same for the other pages a private link opens (a waitlist offer, a privacy request): what `GET <apiPath>`
   * (`/api/…`) answers, asked in-process with the visitor's address. The booking page reads the places left on
   * its date with it too.
   */
  readPrivateLink?: ((apiPath: string) => Promise<Response>) | undefined
  /**
   * Such a page's plain form post, handed to `POST <apiPath>` in-process with the visitor's address and the post's
   * Origin, so the page is rendered with the answer (or follows its redirect) without JavaScript. With `body`, it is
   * sent as the JSON the page's script would send (the booking page's waitlist form).
   */
  actOnPrivateLink?: ((apiPath: string, body?: unknown) => Promise<Response>) | undefined
}

export type RenderFn = (request: Request, options: RenderOptions) => Promise<RenderResult>

export type EntryServerModule = {
  render: RenderFn
  /** The site's own GROQ queries: the only ones a preview session may run (src/preview/preview-queries.ts). */
  loadPreviewQueries: () => Promise<readonly string[]>
}
