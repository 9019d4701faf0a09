// Stands in for `@octocloud/core` (Ventrata's private toolkit): the validator's supplier flows use only these.
export const fetchRetry = (request: Request): Promise<Response> => fetch(request)
export class RequestContext {}
export class SubRequestContext {
  public constructor(_: unknown) {}
  public getRequestData(): Record<string, unknown> {
    return {}
  }
}
export class LogicError extends Error {}
