import {
  NEWSLETTER_CONFIRM_FAILED_MESSAGE,
  NEWSLETTER_CONFIRMED_MESSAGE,
} from '@repo/schemas/newsletter-messages.ts'

import {
  NewsletterLinkPage,
  type NewsletterLinkCopy,
} from '../../features/newsletter/components/newsletter-link-page'

const COPY: NewsletterLinkCopy = {
  path: '/newsletter/confirm',
  action: '/api/newsletter/confirm',
  ask: {
    title: 'Confirm your newsletter sign-up',
    text: 'Press the button to confirm that you want our newsletter at this address. Nothing is sent until you do.',
    button: 'Confirm my sign-up',
  },
  done: {title: 'You are subscribed', text: NEWSLETTER_CONFIRMED_MESSAGE},
  failed: {title: 'This link does not work', text: NEWSLETTER_CONFIRM_FAILED_MESSAGE},
}

export function NewsletterConfirmPage() {
  return <NewsletterLinkPage copy={COPY} />
}
