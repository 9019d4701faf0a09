import type {ConfigContext, Tool} from 'sanity'

/** Roles that may query the whole dataset in Vision: Sanity's administrator and developer roles. */
export const DEVELOPER_ROLES: ReadonlySet<string> = new Set(['administrator', 'developer'])

/** Whether the signed-in person is a developer or an administrator (an editor is neither). */
export function isDeveloper(user: ConfigContext['currentUser']): boolean {
  return Boolean(user?.roles.some((role) => DEVELOPER_ROLES.has(role.name)))
}

/**
 * The studio's tools for the person signed in: Vision only for developers and administrators. It answers any GROQ
 * over the dataset, which editors need for nothing and which showed them a developer's console
 * (docs/decisions/177-vision-for-developers-only.md).
 */
export function developerTools(tools: Tool[], {currentUser}: Pick<ConfigContext, 'currentUser'>): Tool[] {
  return isDeveloper(currentUser) ? tools : tools.filter((tool) => tool.name !== 'vision')
}
