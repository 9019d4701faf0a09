/**
 * How long an awaited condition (`expect.poll`, Testing Library's `findBy…` and `waitFor`) may take to come true
 * before the test fails: mail over SMTP, a listener's events, a lazily loaded page. Their one-second default is
 * often passed on a busy 2-core machine; a condition that never comes true still fails, ten seconds later.
 */
export const AWAIT_TIMEOUT_MS = 10_000
