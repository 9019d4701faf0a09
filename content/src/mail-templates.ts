/**
 * The mails' texts (docs/decisions/019-editors-own-the-mail-texts.md): one `mailTemplate` per kind, starting from the
 * shared defaults editors then change.
 */
import {
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_TYPE,
  mailTemplateId,
} from '@repo/schemas/mail-templates.ts'

export function mailTemplateDocuments() {
  return MAIL_TEMPLATE_KINDS.map(({kind, subject, body}) => ({
    _id: mailTemplateId(kind),
    _type: MAIL_TEMPLATE_TYPE,
    kind,
    subject,
    body,
  }))
}
