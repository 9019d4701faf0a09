/** Roles as Sanity's robot tokens have them: viewer (read), editor (write) and administrator. */
export type Role = 'administrator' | 'editor' | 'write' | 'read'
